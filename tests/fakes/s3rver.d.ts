// s3rver ships no types; this is the part of its API the S3 tests use.
declare module "s3rver" {
  type Options = {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string; configs: string[] }[];
  };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; family: string; port: number }>;
    close(): Promise<void>;
  }
}

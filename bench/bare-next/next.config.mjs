// The bare Next app of the benchmark floor; built with the project's next into the ignored .data dir.
/** @type {import('next').NextConfig} */
export default {
  serverExternalPackages: ["postgres"],
  poweredByHeader: false,
  distDir: "../../.data/bench/bare-next",
};

export function contentSecurityPolicy(dev?: boolean): string;
export function securityHeaders(dev?: boolean): { key: string; value: string }[];
export function securityHeaderObject(dev?: boolean): Record<string, string>;

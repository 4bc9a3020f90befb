export function contentSecurityPolicy(dev?: boolean): string;
export function securityHeaders(dev?: boolean): { key: string; value: string }[];
export function securityHeaderObject(dev?: boolean): Record<string, string>;
export const MEDIA_CONTENT_SECURITY_POLICY: string;
export function mediaSecurityHeaders(): { key: string; value: string }[];
export function mediaSecurityHeaderObject(): Record<string, string>;

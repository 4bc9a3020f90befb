// Types for tests that read the config (tests/security/security-headers.test.ts).
import type { NextConfig } from "next";

declare const nextConfig: NextConfig;
export default nextConfig;

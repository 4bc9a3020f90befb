// The bare Next app of the benchmark floor; built with the project's next into the ignored .data dir.
// Both drivers stay out of the bundle: PGlite ships a wasm build (the PGlite phase), postgres uses sockets.
/** @type {import('next').NextConfig} */
export default {
  serverExternalPackages: ["postgres", "@electric-sql/pglite"],
  poweredByHeader: false,
  distDir: "../../.data/bench/bare-next",
};

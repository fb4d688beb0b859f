/** Modules wrangler bundles as they are: WebAssembly compiled, fonts as bytes (wrangler.toml's rules). */
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}

declare module "*.woff" {
  const bytes: ArrayBuffer;
  export default bytes;
}

/** The app's Content-Security-Policy, shared by the Electron protocol and the browser host. */

/**
 * Content-Security-Policy of the app: nothing from anywhere but the app itself. WebAssembly
 * (the Draco decoder) needs `wasm-unsafe-eval`; GLTFLoader decodes embedded images via blob: URLs.
 */
export function contentSecurityPolicy(wsOrigin = ''): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    `connect-src 'self' blob: data:${wsOrigin ? ` ${wsOrigin}` : ''}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}

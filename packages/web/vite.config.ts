/**
 * One build, two single-page apps: dist/pc/index.html (Ant Design) and dist/mobile/index.html
 * (antd-mobile). The server serves them under /pc/** and /mobile/** (docs/contract.md).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Connect, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Vite's own SPA fallback only knows the root index.html. Deep links such as
 * /pc/authentication/login must get their app's page in `vite` and `vite preview`, as the
 * real server does.
 */
function appFallback(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    const url = req.url ?? '';
    const pathname = url.split('?')[0] ?? '';
    const app = /^\/(pc|mobile)(\/|$)/.exec(pathname)?.[1];
    // Leave files (anything with an extension) and Vite's own requests alone.
    if (app && !/\.[a-z0-9]+$/i.test(pathname)) req.url = `/${app}/index.html`;
    next();
  };
  return {
    name: 'tessera-app-fallback',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

/**
 * `vite dev` next to a server on its default port (TESSERA_API points elsewhere). The server
 * refuses state-changing calls from a foreign Origin (CSRF defence), so the proxy presents the
 * calls as the server's own.
 */
function devApiProxy(target: string): ProxyOptions {
  return {
    target,
    changeOrigin: true,
    configure: (proxy) => proxy.on('proxyReq', (req) => req.setHeader('origin', new URL(target).origin)),
  };
}

export default defineConfig({
  root,
  base: '/',
  plugins: [react(), appFallback()],
  resolve: {
    // react-router, antd and i18n live in the root node_modules next to an older React that
    // another package pulled in; every import of React must reach this package's React 19.
    dedupe: ['react', 'react-dom'],
  },
  server: { proxy: { '/api': devApiProxy(process.env.TESSERA_API ?? 'http://127.0.0.1:8080') } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      input: {
        pc: path.resolve(root, 'pc/index.html'),
        mobile: path.resolve(root, 'mobile/index.html'),
      },
      onwarn(warning, warn) {
        // zod ships comments Rollup reads as misplaced @__PURE__ notes; harmless, and not ours.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
});

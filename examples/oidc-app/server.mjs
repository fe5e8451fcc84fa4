// A sample application that signs its users in through the portal with OpenID Connect
// (openid-client, authorization code + PKCE), shows the claims, and signs out.
//   npm start                          # the portal, with this app registered in the demo tenant
//   node examples/oidc-app/server.mjs  # then open http://localhost:3000
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';

const ISSUER = process.env.ISSUER ?? 'http://localhost:8080/oidc';
const CLIENT_ID = process.env.CLIENT_ID ?? 'example-app';
const PORT = Number(process.env.PORT ?? 3000);
const BASE = process.env.APP_URL ?? `http://localhost:${PORT}`;

const config = await oidc.discovery(new URL(ISSUER), CLIENT_ID, undefined, oidc.None(), {
  execute: ISSUER.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
});
/** Browser sessions of this app: id -> { verifier, state } while signing in, then { claims, idToken }. */
const sessions = new Map();

const page = (body) =>
  `<!doctype html><meta charset="utf-8"><title>Example application</title><body style="font-family:system-ui;max-width:40rem;margin:3rem auto">${body}</body>`;
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

http
  .createServer(async (req, res) => {
    const url = new URL(req.url, BASE);
    const sid = /(?:^|;\s*)example_sid=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1];
    const session = sid && sessions.get(sid);
    try {
      if (url.pathname === '/login') {
        const id = randomBytes(16).toString('base64url');
        const verifier = oidc.randomPKCECodeVerifier();
        const state = oidc.randomState();
        sessions.set(id, { verifier, state });
        const target = oidc.buildAuthorizationUrl(config, {
          redirect_uri: `${BASE}/callback`,
          scope: 'openid profile email phone',
          code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
        });
        res
          .writeHead(302, { location: target.href, 'set-cookie': `example_sid=${id}; HttpOnly; Path=/` })
          .end();
      } else if (url.pathname === '/callback' && session?.verifier) {
        const tokens = await oidc.authorizationCodeGrant(config, url, {
          pkceCodeVerifier: session.verifier,
          expectedState: session.state,
        });
        sessions.set(sid, { claims: tokens.claims(), idToken: tokens.id_token });
        res.writeHead(302, { location: '/' }).end();
      } else if (url.pathname === '/logout' && session?.idToken) {
        sessions.delete(sid);
        const target = oidc.buildEndSessionUrl(config, {
          id_token_hint: session.idToken,
          post_logout_redirect_uri: `${BASE}/`,
        });
        res.writeHead(302, { location: target.href }).end();
      } else if (url.pathname === '/backchannel' && req.method === 'POST') {
        // The portal says a user signed out: end that user's sessions here. (A production
        // application checks the logout token's signature against the portal's keys first.)
        let body = '';
        for await (const chunk of req) body += chunk;
        const token = new URLSearchParams(body).get('logout_token') ?? '';
        const { sub } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}');
        for (const [id, s] of sessions) if (s.claims?.sub === sub) sessions.delete(id);
        res.writeHead(200).end();
      } else if (session?.claims) {
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(
            page(
              `<h1>Signed in as ${esc(session.claims.preferred_username)}</h1><pre>${esc(JSON.stringify(session.claims, null, 2))}</pre><a href="/logout">Sign out</a>`,
            ),
          );
      } else {
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(page('<h1>Example application</h1><a href="/login">Sign in with Tessera</a>'));
      }
    } catch (err) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(`Sign-in failed: ${err.message}`);
    }
  })
  .listen(PORT, '127.0.0.1', () => console.log(`Example application on ${BASE}`));

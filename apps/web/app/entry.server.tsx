import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { type AppLoadContext, type EntryContext, type HandleErrorFunction, ServerRouter } from 'react-router';
import { deferAppScripts } from './lib/deferred-boot.server';
import { NonceContext } from './lib/nonce';

export const streamTimeout = 5_000;

/**
 * react-router's Node entry with three changes: every inline script (React's, the router's hydration data and
 * ours) carries the response's Content-Security-Policy nonce (docs/decisions/0017-content-security-policy.md),
 * the page is rendered into one buffer and sent whole, and a gated page's app scripts wait for the visitor.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD')
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  const nonce = loadContext.nonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // A boundary already complete with the shell (the member menu, lazy only for the browser's sake) is
        // written in place. React's default (12,800 bytes, counting the shell) moved every such boundary over
        // 500 bytes to the end of the page, shown by a throttled script: the member menu came late and,
        // in that window, existed twice in the document.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          // Every page is sent whole, to people as to crawlers: its data is loaded before the render, so
          // nothing would stream in later that a visitor could see sooner, and the page cache stores whole
          // pages anyway. One buffer instead of a Node stream turned into a web stream is cheaper per render.
          const chunks: Buffer[] = [];
          const page = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set('Content-Type', 'text/html');
              const html = Buffer.concat(chunks);
              // Behind the age gate the app's scripts wait for the visitor (lib/deferred-boot.ts).
              const body = loadContext.ageGate.shown ? deferAppScripts(html, nonce) : html;
              const response = new Response(body, { headers: responseHeaders, status: responseStatusCode });
              loadContext.rendered = { response, body };
              resolve(response);
              callback();
            },
          });
          pipe(page);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject and reach handleError below.
          if (shellRendered) loadContext.logError(error, 'render');
        },
      },
    );
  });
}

/** Loader, action and shell failures: logged with the request id (a visitor who left early is not an error). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  context.logError(error, 'loader');
};

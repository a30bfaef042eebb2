import { isLang, pageStringGroups } from '@vt/i18n';
// Before the router reads the location: the address the page was rendered for (lib/clean-address.ts).
import './lib/clean-address';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
} from 'react-router';
import type { Route } from './+types/root';
import { FooterBanners } from './components/ad-zones';
import { AgeGateDialog } from './components/age-gate-dialog';
import { LoginModalProvider } from './components/auth/login-modal';
import { COOKIE_NOTICE_SCRIPT, CookieNotice } from './components/cookie-notice';
import { HydrationMarker } from './components/hydration-marker';
import { LinkNavigation } from './components/link-navigation';
import { NotFound } from './components/not-found';
import { ServerError } from './components/server-error';
import { SITE_FOOTER_ID, SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { TagStrip } from './components/tag-strip';
import { ToastProvider } from './components/toasts';
import { AgeGateProvider, useAgeGate } from './lib/age-gate';
import { getI18n, pageStringsJson, STRINGS_ELEMENT_ID } from './lib/i18n';
import { countryName } from './lib/intl';
import { useNonce } from './lib/nonce';
import { type RootData, useRootData } from './lib/root-data';
import { safeJson } from './lib/safe-json';
import { RTA_LABEL } from './lib/site-constants';
import siteCss from './styles/site.css?url';

// Files in apps/web/public, so the paths browsers and crawlers ask for without reading the page are files too
// (each was a rendered 404 page). PNG, not SVG: the browser builds an SVG icon as a document of its own on the
// page's main thread after load (20-30 ms at 4× slowdown).
export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '16x16 32x32' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
];

export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  const lang = isLang(context.lang) ? context.lang : 'en';
  const shell = await context.api.catalog.shell();
  // Member data only for members: their pages are private, no-store (anonymous HTML is cached).
  const badges =
    context.viewer.memberId !== null
      ? await context.api.me.badges()
      : { messages: 0, notifications: 0, avatar: null };
  return {
    lang,
    viewer: {
      memberId: context.viewer.memberId,
      name: context.viewer.name,
      role: context.viewer.role,
      unread: badges.messages,
      notifications: badges.notifications,
      avatar: badges.avatar,
    },
    country: context.country,
    orientation: context.gender,
    origin: context.origin,
    externalSignIn: context.externalSignIn,
    mediaRedirects: context.mediaRedirects,
    ageGate: context.ageGate,
    year: new Date().getUTCFullYear(),
    network: context.network,
    shell: { ...shell, countryName: countryName(shell.country, lang) },
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRootData();
  const nonce = useNonce();
  const i18n = getI18n(root.lang);
  const matches = useMatches();
  // Routes with `handle.bare` (the embed player) render alone: no header, footer or navigation.
  const bare = matches.some((match) => (match.handle as { bare?: boolean } | undefined)?.bare);
  const stringGroups = pageStringGroups(
    matches.flatMap((match) => (match.handle as { strings?: string[] } | undefined)?.strings ?? []),
  );

  return (
    // COOKIE_NOTICE_SCRIPT may add a class to <html> before hydration.
    <html lang={root.lang} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="RATING" content={RTA_LABEL} />
        <meta name="rating" content="adult" />
        <meta name="color-scheme" content="dark" />
        {/* With a precedence React writes the sheet before the scripts' modulepreloads, so the one
            render-blocking request is not queued behind thirty script requests. */}
        <link rel="stylesheet" href={siteCss} precedence="site" />
        {/* No paint before the parser has read the footer: a paint mid-page had the footer-less page stretch
            its short main (the sticky footer) and then shrink it, a layout shift of 0.18 on a phone; behind
            the gate, a paint mid-dialog moved it. Server only (the browser's bundle carries none of it); the
            browser hydrates past a head element it did not render. */}
        {import.meta.env.SSR && <link rel="expect" href={`#${SITE_FOOTER_ID}`} blocking="render" />}
        <Meta />
        <Links />
        {/* These two inline scripts are written by the server only, like the strings below: they have run
            before hydration, which leaves the server's text alone, so the browser's bundle carries neither. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of cookie-notice.tsx
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? COOKIE_NOTICE_SCRIPT : '' }}
        />
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: server constants, escaped by safeJson
          dangerouslySetInnerHTML={{
            // The legacy front end's server-provided constants object (spec §6: sign-in state comes from it).
            __html: import.meta.env.SSR
              ? `window.__CONSTANTS__=${safeJson({ lang: root.lang, viewer: root.viewer, country: root.country })};`
              : '',
          }}
        />
        {/* This language's strings for the groups this page shows, read once by lib/i18n.ts in the browser.
            The client renders it empty: hydration leaves the server's text alone. */}
        <script
          id={STRINGS_ELEMENT_ID}
          type="application/json"
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: catalog text, escaped by safeJson
          dangerouslySetInnerHTML={{
            __html: import.meta.env.SSR
              ? pageStringsJson(root.lang, stringGroups, root.ageGate.shown ? root.ageGate.lang : null)
              : '',
          }}
        />
      </head>
      <body className={bare ? 'bare' : undefined}>
        <HydrationMarker />
        <I18nextProvider i18n={i18n}>
          <AgeGateProvider gate={root.ageGate}>
            {/* First in the body: the page after it is not laid out while it shows (compliance.css), from
                the parser's first layout on. */}
            <AgeGateSlot embedded={bare} />
            {bare ? (
              children
            ) : (
              <>
                <a className="skip-link" href="#main">
                  {i18n.t('site.skip_to_content')}
                </a>
                <ToastProvider>
                  <LoginModalProvider>
                    <SiteHeader />
                    <TagStrip />
                    {/* Keyed by language: a switch remounts the page, so blocks fetched after load refetch. */}
                    <main id="main" className="site-main" key={root.lang}>
                      {children}
                    </main>
                    <FooterBanners />
                    <SiteFooter year={root.year} />
                  </LoginModalProvider>
                </ToastProvider>
                <CookieNotice />
              </>
            )}
          </AgeGateProvider>
        </I18nextProvider>
        <LinkNavigation />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The age gate, over every page (error pages and the embed player included) until the visitor passes it. */
function AgeGateSlot({ embedded }: { embedded: boolean }) {
  return useAgeGate().shown ? <AgeGateDialog embedded={embedded} /> : null;
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ServerError status={isRouteErrorResponse(error) ? error.status : 500} />;
}

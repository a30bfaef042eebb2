/**
 * Behind the age gate the app's scripts wait for the visitor (docs/decisions/0047):
 * the page after the gate is not displayed, so nothing needs React until the visitor acts. The server writes
 * the router's module script inert (`type="text/plain"`, its module preloads listed in BOOT_ATTR) and drops
 * the preloads, and adds DEFERRED_BOOT_SCRIPT to the head (lib/deferred-boot.server.ts). That script:
 * - prefetches those modules at the lowest priority once the page has loaded and painted and the browser
 *   is idle, so neither the first paint nor the gate's text waits on 120 KB of script nobody needs yet;
 * - runs the module script, with its preloads, on the first pointer, touch, key, wheel or focus;
 * - keeps a click on one of the gate's buttons made before hydration, and clicks that button again, once,
 *   when the page is hydrated (components/hydration-marker.tsx marks it after every effect of the render,
 *   the gate's own included, has run).
 */
export const BOOT_ATTR = 'data-vt-boot';

const EVENTS = ['pointerdown', 'touchstart', 'keydown', 'mousemove', 'wheel', 'focusin'];

export const DEFERRED_BOOT_SCRIPT = `(()=>{var d=document,h=d.documentElement,w=window,E=${JSON.stringify(EVENTS)},b=0,k=0;h.dataset.boot="deferred";function el(){return d.querySelector("script[${BOOT_ATTR}]")}function each(rel){var p=el();(p?p.getAttribute("${BOOT_ATTR}").split(" "):[]).forEach(function(u){if(!u)return;var l=d.createElement("link");l.rel=rel;l.href=u;if(rel=="prefetch")l.as="script";d.head.append(l)})}function run(){var p=el();if(!p)return;each("modulepreload");var s=d.createElement("script");s.type="module";s.nonce=p.nonce;s.textContent=p.textContent;d.head.append(s);h.dataset.boot="started"}function go(){if(b)return;b=1;E.forEach(function(e){removeEventListener(e,go,!0)});d.readyState=="loading"?d.addEventListener("DOMContentLoaded",run):run()}E.forEach(function(e){addEventListener(e,go,{capture:!0,passive:!0})});addEventListener("load",function(){requestAnimationFrame(function(){(w.requestIdleCallback||setTimeout)(function(){if(!b)each("prefetch")})})});new MutationObserver(function(){if(h.dataset.hydrated&&k){var t=k;k=0;t.click()}}).observe(h,{attributes:!0,attributeFilter:["data-hydrated"]});addEventListener("click",function(e){var t=e.target.closest&&e.target.closest(".age-gate button");if(t&&!h.dataset.hydrated){k=t;go()}},!0)})()`;

import type { AgeGateCountries } from './age-gate-countries';
import { type CallbackCheck, verifyCallbackToken } from './callback-token';

export type AgeAssuranceConfig =
  | { method: 'modal' }
  | {
      method: 'redirect';
      url: string;
      secret: string;
      /** Where the provider is needed; the rest of the gated countries keep the modal. */
      countries: AgeGateCountries;
    };

/** The spec's modal: a visitor's own "I am 18 or older" is the proof. */
export interface ModalProvider {
  method: 'modal';
}

/**
 * A certified age-assurance provider (or the operator's bridge to one): the visitor is sent to `url` with
 * a callback URL and a nonce, and comes back to the callback with a token signed with the shared secret.
 */
export interface RedirectProvider {
  method: 'redirect';
  startUrl(opts: { callbackUrl: string; nonce: string }): string;
  verifyCallback(token: string, nonce: string, now: number): CallbackCheck;
}

export type AgeAssuranceProvider = ModalProvider | RedirectProvider;

export function createProvider(config: AgeAssuranceConfig): AgeAssuranceProvider {
  if (config.method === 'modal') return { method: 'modal' };
  return {
    method: 'redirect',
    startUrl({ callbackUrl, nonce }) {
      const url = new URL(config.url);
      url.searchParams.set('callback', callbackUrl);
      url.searchParams.set('nonce', nonce);
      return url.toString();
    },
    verifyCallback: (token, nonce, now) => verifyCallbackToken(config.secret, token, nonce, now),
  };
}

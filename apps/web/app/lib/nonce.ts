import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy nonce of this response (server render only). Browsers hide nonce attributes
 * after load, so the client renders with an empty one and React leaves the server's attribute alone.
 */
export const NonceContext = createContext<string>('');

export const useNonce = () => useContext(NonceContext);

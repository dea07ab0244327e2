// Sign-In with Solana: the same message layout as EIP-4361 with a base58 public key as the address, signed with
// ed25519 over the message text.
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import type { MessageFormat, SignInMessage } from './sign-in-message.ts';

const SOLANA_NETWORKS = new Set(['mainnet', 'devnet', 'testnet']);

export const solanaMessageFormat: MessageFormat = {
  prefix: 'siws',
  chainName: 'Solana',
  addressPattern: /^[a-zA-Z0-9]{32,44}$/,
  invalidAddress: 'wallet address is not in base58 format',
  normalizeAddress: (address) => address,
  acceptsChainId: (value) => value === '' || SOLANA_NETWORKS.has(value.toLowerCase()),
};

/** The signature's bytes from base64 or base64url, padded or not; otherwise what is wrong with the text. */
export function decodeSolanaSignature(signature: string): Uint8Array | 'wrong length' | 'not base64' {
  if (signature.length !== 86 && signature.length !== 88) return 'wrong length';
  const unpadded = signature.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  if (!/^[A-Za-z0-9_-]*$/.test(unpadded) || unpadded.length % 4 === 1) return 'not base64';
  return new Uint8Array(Buffer.from(unpadded, 'base64url'));
}

export function solanaSignatureMatches(message: SignInMessage, signature: Uint8Array): boolean {
  try {
    const publicKey = base58.decode(message.address);
    if (publicKey.length !== 32 || signature.length !== 64) return false;
    // Strict RFC 8032 verification, as Go's crypto/ed25519 does it.
    return ed25519.verify(signature, new TextEncoder().encode(message.raw), publicKey, { zip215: false });
  } catch {
    return false;
  }
}

// Wallets for the tests: fresh Ethereum (secp256k1) and Solana (ed25519) keys that write and sign sign-in messages
// the way wallets and supabase-js do.
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import { ethereumAddressOf } from '../../src/auth/web3/ethereum.ts';

export interface MessageFields {
  domain?: string;
  uri?: string;
  statement?: string;
  chainId?: string;
  issuedAt?: Date;
  expirationTime?: Date;
  notBefore?: Date;
}

/** The EIP-4361 layout; Solana's differs only in the account name. */
function signInMessage(account: 'Ethereum' | 'Solana', address: string, fields: MessageFields): string {
  const domain = fields.domain ?? 'localhost:3000';
  const lines = [`${domain} wants you to sign in with your ${account} account:`, address, ''];
  if (fields.statement) lines.push(fields.statement, '');
  lines.push(`URI: ${fields.uri ?? `http://${domain}/`}`, 'Version: 1');
  if (fields.chainId !== undefined) lines.push(`Chain ID: ${fields.chainId}`);
  lines.push('Nonce: 8h2kd93jfq', `Issued At: ${(fields.issuedAt ?? new Date()).toISOString()}`);
  if (fields.expirationTime) lines.push(`Expiration Time: ${fields.expirationTime.toISOString()}`);
  if (fields.notBefore) lines.push(`Not Before: ${fields.notBefore.toISOString()}`);
  return lines.join('\n');
}

export function ethereumWallet() {
  const secretKey = secp256k1.utils.randomSecretKey();
  const address = ethereumAddressOf(secp256k1.getPublicKey(secretKey));
  return {
    address,
    message: (fields: MessageFields = {}) => signInMessage('Ethereum', address, { chainId: '1', ...fields }),
    /** personal_sign: r, s and v (27 or 28) in hexadecimal. */
    sign(message: string): string {
      const bytes = new TextEncoder().encode(message);
      const hash = keccak_256(
        new Uint8Array([...new TextEncoder().encode(`\x19Ethereum Signed Message:\n${bytes.length}`), ...bytes]),
      );
      const signature = secp256k1.sign(hash, secretKey, { prehash: false, format: 'recovered' });
      return `0x${bytesToHex(signature.subarray(1))}${(27 + signature[0]).toString(16)}`;
    },
  };
}

export function solanaWallet() {
  const secretKey = ed25519.utils.randomSecretKey();
  const address = base58.encode(ed25519.getPublicKey(secretKey));
  return {
    address,
    message: (fields: MessageFields = {}) => signInMessage('Solana', address, fields),
    sign: (message: string) =>
      Buffer.from(ed25519.sign(new TextEncoder().encode(message), secretKey)).toString('base64'),
  };
}

// Sign-In with Ethereum: the EIP-4361 message format and its personal_sign signature, whose secp256k1 public key is
// recovered and compared with the address the message names.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { MessageFormat, SignInMessage } from './sign-in-message.ts';

export const ethereumMessageFormat: MessageFormat = {
  prefix: 'siwe',
  chainName: 'Ethereum',
  addressPattern: /^0x[a-fA-F0-9]{40}$/,
  invalidAddress: 'wallet address is not a valid Ethereum address',
  // Letter case is only a checksum: one wallet, one identity.
  normalizeAddress: (address) => address.toLowerCase(),
  // EIP-155 chain ids are positive integers.
  acceptsChainId: (value) => /^\+?\d+$/.test(value) && Number(value) > 0,
};

/** 65 bytes (r, s, v) in hexadecimal, with or without 0x; undefined when it is not. */
export function decodeEthereumSignature(signature: string): Uint8Array | undefined {
  const hex = signature.startsWith('0x') ? signature.slice(2) : signature;
  return hex.length === 130 && /^[0-9a-fA-F]*$/.test(hex) ? hexToBytes(hex) : undefined;
}

/** What personal_sign signs: Keccak-256 of the message behind Ethereum's "signed message" preamble. */
function personalMessageHash(message: string): Uint8Array {
  const bytes = new TextEncoder().encode(message);
  const preamble = new TextEncoder().encode(`\x19Ethereum Signed Message:\n${bytes.length}`);
  return keccak_256(new Uint8Array([...preamble, ...bytes]));
}

/** The account of a public key: the last 20 bytes of the Keccak-256 hash of its uncompressed coordinates. */
export function ethereumAddressOf(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return `0x${bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(12))}`;
}

export function ethereumSignatureMatches(message: SignInMessage, signature: Uint8Array): boolean {
  const v = signature[64];
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return false;
  try {
    // The library's recoverable form puts the recovery bit first.
    const recoverable = new Uint8Array([recovery, ...signature.subarray(0, 64)]);
    const publicKey = secp256k1.recoverPublicKey(recoverable, personalMessageHash(message.raw), { prehash: false });
    return ethereumAddressOf(publicKey) === message.address.toLowerCase();
  } catch {
    return false;
  }
}

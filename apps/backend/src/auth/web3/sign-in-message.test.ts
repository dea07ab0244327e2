import { secp256k1 } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import { ethereumAddressOf, ethereumMessageFormat } from './ethereum.ts';
import { parseSignInMessage } from './sign-in-message.ts';
import { solanaMessageFormat } from './solana.ts';

const ADDRESS = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B';
const lines = (...rest: string[]) =>
  ['example.com wants you to sign in with your Ethereum account:', ADDRESS, '', ...rest].join('\n');
const parse = (text: string) => parseSignInMessage(text, ethereumMessageFormat);

describe('sign-in messages', () => {
  it('reads every field of an EIP-4361 message, the address in lower case', () => {
    const message = parse(
      lines(
        'I accept the terms.',
        '',
        'URI: https://example.com/login',
        'Version: 1',
        'Chain ID: 137',
        'Nonce: 32891756',
        'Issued At: 2026-01-05T10:00:00.123Z',
        'Expiration Time: 2026-01-05T10:05:00Z',
        'Not Before: 2026-01-05T09:59:00+01:00',
        'Request ID: request-1',
        'Resources:',
        '- https://example.com/terms',
        '- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
      ),
    );
    expect(message).toMatchObject({
      domain: 'example.com',
      address: ADDRESS.toLowerCase(),
      statement: 'I accept the terms.',
      version: '1',
      chainId: '137',
      nonce: '32891756',
      requestId: 'request-1',
      resources: ['https://example.com/terms', 'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/'],
    });
    expect(message.uri.href).toBe('https://example.com/login');
    expect(message.issuedAt.toISOString()).toBe('2026-01-05T10:00:00.123Z');
    expect(message.notBefore?.toISOString()).toBe('2026-01-05T08:59:00.000Z');
  });

  it('has no statement when the fourth line is a field', () => {
    const message = parse(lines('URI: https://example.com', 'Version: 1', 'Issued At: 2026-01-05T10:00:00Z'));
    expect(message.statement).toBeUndefined();
    expect(message.chainId).toBe('');
  });

  it("refuses malformed messages with GoTrue's reasons", () => {
    const valid = ['URI: https://example.com', 'Version: 1', 'Issued At: 2026-01-05T10:00:00Z'];
    const cases: Array<[string, string]> = [
      ['one line', 'siwe: message needs at least 6 lines'],
      [
        lines(...valid).replace('example.com wants', 'not a domain! wants'),
        'siwe: domain in first line of message is not valid',
      ],
      [lines(...valid).replace(ADDRESS, '0x1234'), 'siwe: wallet address is not a valid Ethereum address'],
      [lines(...valid).replace(`${ADDRESS}\n\n`, `${ADDRESS}\nx\n`), 'siwe: third line must be empty'],
      [
        lines('URI: https://example.com', 'Version: 2', 'Issued At: 2026-01-05T10:00:00Z'),
        'siwe: Version value is not supported, expected 1 got "2"',
      ],
      [
        lines('URI: https://example.com', 'Version: 1', 'Issued At: yesterday'),
        'siwe: Issued At is not a valid ISO8601 timestamp',
      ],
      [lines('URI: https://example.com', 'Version: 1', 'Chain ID: x'), 'siwe: Chain ID is not valid'],
      [lines('URI: https://example.com', 'Version: 1', 'Nonce: 1'), 'siwe: Issued At is not specified'],
      [lines('Version: 1', 'Issued At: 2026-01-05T10:00:00Z', 'Nonce: 1'), 'siwe: URI is not specified'],
      [lines(...valid, 'no colon here'), 'siwe: encountered unparsable line at index 6'],
      [lines(...valid, 'Expiration Time: 2026-01-05T09:00:00Z'), 'siwe: Issued At is after Expiration Time'],
      [lines(...valid, 'Resources:', '- not a uri'), 'siwe: Resource at position 0 has invalid URI'],
    ];
    for (const [text, reason] of cases) expect(() => parse(text), reason).toThrow(reason);
  });

  it('reads Solana messages, whose chain ID is optional but must name a known cluster', () => {
    const solana = (chain: string) =>
      [
        'localhost:5173 wants you to sign in with your Solana account:',
        '4UPcfLX6rHuunkDiCnrVdN2BxnaKUAT1m2KCrzaAAct6',
        '',
        'URI: http://localhost:5173/',
        'Version: 1',
        ...(chain ? [`Chain ID: ${chain}`] : []),
        'Issued At: 2026-01-05T10:00:00Z',
      ].join('\n');
    expect(parseSignInMessage(solana(''), solanaMessageFormat).address).toBe(
      '4UPcfLX6rHuunkDiCnrVdN2BxnaKUAT1m2KCrzaAAct6',
    );
    expect(parseSignInMessage(solana('mainnet'), solanaMessageFormat).chainId).toBe('mainnet');
    expect(() => parseSignInMessage(solana('moonnet'), solanaMessageFormat)).toThrow('siws: Chain ID is not valid');
  });

  it("derives an Ethereum account's address from its public key", () => {
    const secretKeyOne = new Uint8Array(32);
    secretKeyOne[31] = 1;
    expect(ethereumAddressOf(secp256k1.getPublicKey(secretKeyOne))).toBe('0x7e5f4552091a69125d5dfcb7b8c2659029395bdf');
  });
});

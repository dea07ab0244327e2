// Sign-in messages of EIP-4361 ("Sign-In with Ethereum") and its Solana twin, read line by line as GoTrue reads
// them: header, address, an optional statement, then "Key: value" fields. Refusals carry GoTrue's texts.

export interface SignInMessage {
  /** The text as signed. */
  raw: string;
  domain: string;
  address: string;
  statement?: string;
  uri: URL;
  version: string;
  chainId: string;
  nonce: string;
  issuedAt: Date;
  expirationTime?: Date;
  notBefore?: Date;
  requestId?: string;
  resources: string[];
}

/** What differs between the chains' message formats. */
export interface MessageFormat {
  /** Starts every refusal: "siwe" or "siws". */
  prefix: string;
  /** As the header names it: "Ethereum" or "Solana". */
  chainName: string;
  addressPattern: RegExp;
  invalidAddress: string;
  normalizeAddress(address: string): string;
  /** Whether the Chain ID field's value is acceptable (Ethereum refuses an empty one, Solana does not). */
  acceptsChainId(value: string): boolean;
}

export class MessageError extends Error {}

/** A host name with a dot-separated top-level domain, or localhost, with an optional port. */
const DOMAIN = /^(localhost|(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,})(?::\d{1,5})?$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

function parseTime(value: string, problem: string): Date {
  const time = RFC3339.test(value) ? new Date(value) : undefined;
  if (!time || Number.isNaN(time.getTime())) throw new MessageError(problem);
  return time;
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

export function parseSignInMessage(raw: string, format: MessageFormat): SignInMessage {
  const fail = (problem: string): never => {
    throw new MessageError(`${format.prefix}: ${problem}`);
  };
  const lines = raw.split('\n');
  if (lines.length < 6) fail('message needs at least 6 lines');
  const headerSuffix = ` wants you to sign in with your ${format.chainName} account:`;
  if (!lines[0].endsWith(headerSuffix)) fail(`message first line does not end in ${JSON.stringify(headerSuffix)}`);
  const domain = lines[0].slice(0, -headerSuffix.length).trim();
  if (!DOMAIN.test(domain)) fail('domain in first line of message is not valid');
  const address = lines[1].trim();
  if (!format.addressPattern.test(address)) fail(format.invalidAddress);
  if (lines[2] !== '') fail('third line must be empty');

  const fields: Partial<SignInMessage> & { resources: string[] } = { resources: [] };
  let start = 3;
  if (lines[3] !== '' && lines[4] === '') {
    fields.statement = lines[3];
    start = 5;
  }
  let inResources = false;
  for (let index = start; index < lines.length; index += 1) {
    const line = lines[index].trim();
    if (inResources && line.startsWith('- ')) {
      const resource = line.slice(2).trim();
      if (!parseUrl(resource)) fail(`Resource at position ${fields.resources.length} has invalid URI`);
      fields.resources.push(resource);
      continue;
    }
    inResources = line === 'Resources:';
    if (inResources || line === '') continue;
    const colon = line.indexOf(':');
    if (colon < 0) fail(`encountered unparsable line at index ${index}`);
    const key = line.slice(0, colon);
    const value = line.slice(colon + 1).trim();
    switch (key) {
      case 'URI':
        fields.uri = parseUrl(value) ?? fail('URI is not valid');
        break;
      case 'Version':
        fields.version = value;
        break;
      case 'Chain ID':
        if (!format.acceptsChainId(value)) fail('Chain ID is not valid');
        fields.chainId = value;
        break;
      case 'Nonce':
        fields.nonce = value;
        break;
      case 'Issued At':
        fields.issuedAt = parseTime(value, `${format.prefix}: Issued At is not a valid ISO8601 timestamp`);
        break;
      case 'Expiration Time':
        fields.expirationTime = parseTime(value, `${format.prefix}: Expiration Time is not a valid ISO8601 timestamp`);
        break;
      case 'Not Before':
        fields.notBefore = parseTime(value, `${format.prefix}: Not Before is not a valid ISO8601 timestamp`);
        break;
      case 'Request ID':
        fields.requestId = value;
        break;
    }
  }

  if (fields.version !== '1')
    fail(`Version value is not supported, expected 1 got ${JSON.stringify(fields.version ?? '')}`);
  const { issuedAt, uri, expirationTime, notBefore } = fields;
  if (!issuedAt) return fail('Issued At is not specified');
  if (!uri) return fail('URI is not specified');
  if (expirationTime && issuedAt > expirationTime) fail('Issued At is after Expiration Time');
  if (notBefore && expirationTime && notBefore > expirationTime) fail('Not Before is after Expiration Time');
  return {
    ...fields,
    raw,
    domain,
    address: format.normalizeAddress(address),
    uri,
    version: '1',
    chainId: fields.chainId ?? '',
    nonce: fields.nonce ?? '',
    issuedAt,
  };
}

// GoTrue's OAuth-style refusals of the token grants: always HTTP 400 with {error, error_description}, whatever API
// version the client asked for (unlike the service's other errors).
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    options: { cause?: unknown } = {},
  ) {
    super(`${error}: ${description}`, options);
  }
}

export function oauthErrorBody(error: OAuthError): { error: string; error_description: string } {
  return { error: error.error, error_description: error.description };
}

// An e-mail address that a narrow column wraps before its "@" (alden.weimann / @example.com), not in the middle of
// a word; a part too long for the column alone still breaks rather than overflowing it.
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span style={{ overflowWrap: 'break-word' }}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </span>
  );
}

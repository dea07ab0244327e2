// How the backend reports its functions, at start and in `npm run status`: each function's URL, or why it cannot
// start (an import that does not resolve), so a broken function is seen before anyone calls it.
import type { FunctionsReport } from './check.ts';

export function describeFunctions(report: FunctionsReport, apiUrl: string): string[] {
  return report.map((fn) =>
    fn.error
      ? `${fn.name}: cannot start: ${fn.error}`
      : `${fn.name}: ${apiUrl}/functions/v1/${fn.name}${fn.verifyJwt ? '' : ' (verify_jwt = false)'}`,
  );
}

// A function's console output in the backend's log: every line names the function and, when known, the request it
// was written for, so the output of concurrent requests can be told apart.

export type LogLevel = 'log' | 'info' | 'debug' | 'warn' | 'error';

export interface FunctionLog {
  (level: LogLevel, message: string, requestId?: string): void;
}

export function functionLog(name: string): FunctionLog {
  return (level, message, requestId) => {
    const prefix = requestId ? `[functions:${name}] [${requestId}]` : `[functions:${name}]`;
    const text = message
      .split('\n')
      .map((line) => `${prefix} ${line}`)
      .join('\n');
    if (level === 'error' || level === 'warn') console.error(text);
    else console.log(text);
  };
}

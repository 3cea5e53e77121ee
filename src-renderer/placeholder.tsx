/** Until the app shell lands: say what this is and where the working surface is today (the CLI). */
declare global {
  interface Window {
    mindloomShell?: { runtime: string; versions: Record<string, string> };
  }
}

export function Placeholder() {
  const runtime = window.mindloomShell?.runtime ?? 'browser';
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', lineHeight: 1.5 }}>
      <h1>Mindloom</h1>
      <p>
        The mind store, its journal and the rules are in place; the app&apos;s views come next. Until then, explore a
        mind from the command line:
      </p>
      <pre>npx mindloom --help</pre>
      <p style={{ color: 'GrayText' }}>Running in: {runtime}</p>
    </main>
  );
}

/** First run (no mind open) and the screen for a mind that could not be opened. */
import type { SessionStatus } from '../../../shared/contract';
import { CheckFile } from './check-file';
import { SessionPicker } from './session-picker';

export function WelcomeView() {
  return (
    <main className="welcome" id="main" aria-labelledby="welcome-title">
      <div className="welcome-card card">
        <h1 id="welcome-title">Welcome to Mindloom</h1>
        <p>
          Mindloom shows an AI agent&apos;s mind: what it captured, what it concluded, how sure it is, and why. A mind is a single file on
          this machine; nothing leaves it.
        </p>
        <SessionPicker autoFocus />
      </div>
    </main>
  );
}

/** What each way of failing means, in the person's terms (the host's hint follows it). */
const MEANING: Partial<Record<Extract<SessionStatus, { state: 'error' }>['code'], string>> = {
  not_found: 'There is no file at that path.',
  not_a_mind: 'The file is not a Mindloom mind.',
  corrupt_file: 'The file is damaged: SQLite could not read it as a database.',
  schema_too_new: 'The file was written by a newer Mindloom than this one.',
  unreadable_file: 'The file could not be read (it may be missing, or permissions forbid it).',
  store_busy: 'Another program holds the file locked.',
  internal: 'Mindloom failed while opening the file.',
};

export function SessionErrorView({ status }: { status: Extract<SessionStatus, { state: 'error' }> }) {
  return (
    <main className="welcome" id="main" aria-labelledby="session-error-title">
      <div className="welcome-card card session-error" role="alert">
        <h1 id="session-error-title">This mind could not be opened</h1>
        <p>
          <code className="error-code" data-testid="session-error-code">
            {status.code}
          </code>{' '}
          {MEANING[status.code] ?? status.message}
        </p>
        <dl className="kv">
          <dt>File</dt>
          <dd>
            <code>{status.path}</code>
          </dd>
          <dt>Details</dt>
          <dd>{status.message}</dd>
          <dt>What to do</dt>
          <dd>{status.hint}</dd>
        </dl>
        {status.code === 'corrupt_file' && <CheckFile path={status.path} />}
        <h2>Open another mind</h2>
        <SessionPicker autoFocus />
      </div>
    </main>
  );
}

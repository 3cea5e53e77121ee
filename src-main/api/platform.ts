/**
 * What the API needs from the shell it runs in: the Electron shell (native dialogs, safeStorage)
 * or the headless host (no dialogs, the key from the environment).
 */

/** Names of the secrets a shell keeps. */
export type SecretName = 'openai-api-key';

export interface SecretStore {
  /** False where the shell cannot keep secrets (the host reads them from the environment). */
  readonly writable: boolean;
  get(name: SecretName): string | null;
  set(name: SecretName, value: string): void;
}

export type FileDialogKind = 'open' | 'save' | 'backup' | 'import' | 'export';

export interface Platform {
  readonly transport: 'ipc' | 'http';
  readonly appVersion: string;
  /** Where the app keeps its own files: the recent list, demo minds. */
  readonly appDataDir: string;
  /**
   * Asks the person for a file (a native dialog): a mind to open, a new one, where a backup of the
   * open mind goes, a file to import or where an export goes; null when they cancel. Absent where the shell has no dialogs: the
   * renderer asks for a path instead.
   */
  readonly pickFile: ((kind: FileDialogKind) => Promise<string | null>) | null;
  readonly secrets: SecretStore;
}

/** The host's secrets: the environment's MINDLOOM_OPENAI_API_KEY (or OPENAI_API_KEY), read-only, as the CLI reads them. */
export function environmentSecrets(env: NodeJS.ProcessEnv = process.env): SecretStore {
  return {
    writable: false,
    get: (name) => (name === 'openai-api-key' ? env.MINDLOOM_OPENAI_API_KEY?.trim() || env.OPENAI_API_KEY?.trim() || null : null),
    set: () => {
      throw new Error('environment secrets are read-only');
    },
  };
}

/**
 * The shape of the handler table: one handler per contract call, typed by the contract, so a
 * missing or mistyped handler fails the type check. Features own slices of it.
 */
import type { CallName, CallResponse, ParsedRequest } from '../../shared/contract';
import type { BackupPort } from './backup-port';
import type { Platform } from './platform';
import type { SchedulerPort } from './scheduler-port';
import type { Session } from './session';

export type Handler<N extends CallName> = (request: ParsedRequest<N>) => CallResponse<N> | Promise<CallResponse<N>>;

/** The handlers of the calls `K`, exactly those. */
export type HandlerSlice<K extends CallName> = { [N in K]: Handler<N> };

export type HandlerTable = HandlerSlice<CallName>;

/** What every slice works with. */
export interface ApiContext {
  readonly session: Session;
  readonly platform: Platform;
  readonly scheduler: SchedulerPort;
  readonly backups: BackupPort;
  /** Tells every window that the app itself changed these memories. */
  changed(ids: string[]): void;
}

/** What the fuzz and the host under fuzz say to each other over the IPC channel. */
import type { CallResult, SessionStatus } from '../../../shared/contract';

export type HostRequest =
  | { id: number; op: 'ping' }
  | { id: number; op: 'open'; path: string }
  | { id: number; op: 'close' }
  | { id: number; op: 'call'; name: string; payload: unknown }
  | { id: number; op: 'exit' };

export type HostReply =
  | { id: number; op: 'ready' }
  | { id: number; op: 'pong' }
  | { id: number; op: 'opened'; status: SessionStatus }
  | { id: number; op: 'closed' }
  /** `logs`: what the host reported as unexpected while answering (an `internal` answer's cause). */
  | { id: number; op: 'answer'; result: CallResult; ms: number; logs: string[] };

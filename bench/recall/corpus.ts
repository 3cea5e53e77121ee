/**
 * The recall benchmark's corpus: long conversations, each in dated sessions of turns, and
 * questions whose answers sit in known turns (their evidence). The shape is the public
 * long-conversation benchmarks' (LoCoMo): two or more speakers over weeks of sessions, questions of
 * four categories asked after the whole conversation. `calibration` is what recall's weights were
 * chosen on; `heldout` is reported and never tuned on.
 */

export const CATEGORIES = ['single-hop', 'multi-hop', 'temporal', 'open-domain'] as const;
export type Category = (typeof CATEGORIES)[number];

export const SPLITS = ['calibration', 'heldout'] as const;
export type SplitName = (typeof SPLITS)[number];

export interface Turn {
  /** Unique within its conversation: `S<session>:<n>`. */
  id: string;
  speaker: string;
  text: string;
}

export interface Session {
  /** When the session took place (ISO, UTC). */
  at: string;
  turns: Turn[];
}

export interface Question {
  id: string;
  category: Category;
  question: string;
  /** The turns holding the answer (ids within the conversation). */
  evidence: string[];
  /** The answer in words (for a reader of the corpus; the benchmark measures retrieval). */
  answer: string;
}

export interface Conversation {
  id: string;
  /** `friends`: people talking; `agent`: an agent and its user (roles `user` and `assistant`). */
  kind: 'friends' | 'agent';
  speakers: string[];
  sessions: Session[];
  questions: Question[];
}

export interface RecallCorpus {
  seed: number;
  splits: Record<SplitName, Conversation[]>;
}

export const turnsOf = (conversation: Conversation): Turn[] => conversation.sessions.flatMap((s) => s.turns);

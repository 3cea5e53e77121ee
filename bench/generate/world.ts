/**
 * What the generator remembers while it writes: recent memories per topic (so new memories draw
 * on related ones, as an agent's do), which memories can no longer take a given operation, and
 * the agenda of follow-up actions due at later points of the timeline.
 */
import type { MemoryType } from '../../shared/model';
import type { PolarStatement } from './text';

/** How many recent memories of each kind a topic keeps to draw on. */
const RECENT = { raws: 16, episodes: 48, notes: 8, beliefs: 16, polar: 4 } as const;

export interface TopicMemory {
  raws: string[];
  episodes: string[];
  notes: string[];
  beliefs: string[];
  /** Beliefs that take a side of an opposing pair, for a later belief to contradict. */
  polar: { id: string; statement: PolarStatement }[];
  conversation: { id: string; turn: number };
}

export type ActionKind =
  | 'verify'
  | 'reinforce'
  | 'counter'
  | 'link_evidence'
  | 'add_ref'
  | 'approve'
  | 'reject'
  | 'archive'
  | 'forget'
  | 'protect'
  | 'access';

export interface Action {
  kind: ActionKind;
  id: string;
  type: MemoryType;
  topic: number;
}

export interface World {
  topicMemory(topic: number): TopicMemory;
  remember<K extends 'raws' | 'episodes' | 'notes' | 'beliefs'>(topic: number, kind: K, id: string): void;
  rememberPolar(topic: number, id: string, statement: PolarStatement): void;
  /** Archived, superseded or forgotten: takes no new evidence, cannot be promoted or superseded. */
  inactive: Set<string>;
  forgotten: Set<string>;
  protectedIds: Set<string>;
  /** Approved or rejected already (a review happens once). */
  reviewed: Set<string>;
  schedule(step: number, action: Action): void;
  /** Removes and returns the actions due at `step`. */
  due(step: number): Action[];
  /** Drops an id from every topic list (it became inactive). */
  retire(topic: number, id: string): void;
}

const push = (list: string[], id: string, cap: number) => {
  list.push(id);
  if (list.length > cap) list.shift();
};

export function createWorld(): World {
  const topics = new Map<number, TopicMemory>();
  const agenda = new Map<number, Action[]>();
  const topicMemory = (topic: number): TopicMemory => {
    let memory = topics.get(topic);
    if (!memory) {
      memory = { raws: [], episodes: [], notes: [], beliefs: [], polar: [], conversation: { id: '', turn: 0 } };
      topics.set(topic, memory);
    }
    return memory;
  };
  return {
    topicMemory,
    remember: (topic, kind, id) => push(topicMemory(topic)[kind], id, RECENT[kind]),
    rememberPolar: (topic, id, statement) => {
      const polar = topicMemory(topic).polar;
      polar.push({ id, statement });
      if (polar.length > RECENT.polar) polar.shift();
    },
    inactive: new Set(),
    forgotten: new Set(),
    protectedIds: new Set(),
    reviewed: new Set(),
    schedule: (step, action) => {
      const list = agenda.get(step);
      if (list) list.push(action);
      else agenda.set(step, [action]);
    },
    due: (step) => {
      const list = agenda.get(step) ?? [];
      agenda.delete(step);
      return list;
    },
    retire: (topic, id) => {
      const memory = topicMemory(topic);
      for (const list of [memory.raws, memory.episodes, memory.notes, memory.beliefs]) {
        const at = list.indexOf(id);
        if (at >= 0) list.splice(at, 1);
      }
      memory.polar = memory.polar.filter((p) => p.id !== id);
    },
  };
}

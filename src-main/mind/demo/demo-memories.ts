/**
 * The demo mind: Ada, an AI coding agent on the harbor team (a logistics web app), from its first
 * day on 2026-05-01 to mid-November. Each chapter is one thread of the story, written as the
 * operations that happened, in time order; the loader merges them by date and replays them.
 */
import { CI } from './chapters/ci';
import { CONSOLIDATION } from './chapters/consolidation';
import { DAILY_WORK } from './chapters/daily-work';
import { GEOCODING } from './chapters/geocoding';
import { INBOX } from './chapters/inbox';
import { OUTAGE } from './chapters/outage';
import { POSTGRES } from './chapters/postgres';
import { PRODUCT } from './chapters/product';
import { RELEASES } from './chapters/releases';
import { TEAM } from './chapters/team';
import type { DemoActor, DemoStep } from './script';

export const DEMO_CHAPTERS: readonly (readonly DemoStep[])[] = [TEAM, CI, OUTAGE, POSTGRES, PRODUCT, RELEASES, DAILY_WORK, GEOCODING, CONSOLIDATION, INBOX];

/** Seeds the ids, so every load gives the same ids. */
export const DEMO_SEED = 0x4ada2026;

/** The story's present: the nightly contradiction scan that closes the history. */
export const DEMO_FINAL_SCAN: DemoActor & { at: string } = { at: '2026-11-15 23:30', actor: 'scheduler:nightly-scan' };

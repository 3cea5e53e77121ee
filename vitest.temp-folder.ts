/**
 * Every temp folder the unit tests make (and the processes they start) goes under one folder for
 * the run, removed when the run ends: the tests create thousands of minds and would otherwise
 * leave them in the system's temp folder. Workers and their children inherit TMPDIR.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let folder: string | null = null;

export function setup(): void {
  folder = mkdtempSync(join(tmpdir(), 'mindloom-unit-tests-'));
  process.env.TMPDIR = folder;
}

export function teardown(): void {
  if (folder !== null) rmSync(folder, { recursive: true, force: true });
}

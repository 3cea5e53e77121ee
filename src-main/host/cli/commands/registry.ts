/** Every CLI command, in the order the usage text lists them. */
import type { Command } from '../command';
import { backupCommand, restoreCommand } from './backup';
import { checkCommand } from './check';
import { checkRefsCommand, refDiffCommand, repoCommand, reverifyCommand } from './code-refs';
import { diffCommand } from './diff';
import { consolidateCommand } from './consolidate';
import { exportCommand } from './export';
import { forgetCommand } from './forget';
import { generateCommand } from './generate';
import { importCommand } from './import';
import { mcpCommand } from './mcp';
import { proposalsCommand } from './proposals';
import { initCommand } from './init';
import { contradictionsCommand } from './contradictions';
import { reviewCommand, undoCommand } from './editing';
import { orphansCommand, searchCommand, uncertainCommand } from './lists';
import { recallCommand } from './recall';
import { historyCommand, lineageCommand, showCommand, statsCommand } from './read';
import { serveCommand } from './serve';
import { sourcesCommand } from './sources';
import { timelineCommand } from './timeline';
import {
  addCommand,
  approveCommand,
  archiveCommand,
  promoteCommand,
  rejectCommand,
  reinforceCommand,
  supersedeCommand,
  verifyCommand,
} from './write';

export const COMMANDS: readonly Command[] = [
  initCommand,
  addCommand,
  promoteCommand,
  verifyCommand,
  reinforceCommand,
  supersedeCommand,
  archiveCommand,
  restoreCommand,
  forgetCommand,
  approveCommand,
  rejectCommand,
  reviewCommand,
  proposalsCommand,
  undoCommand,
  showCommand,
  lineageCommand,
  historyCommand,
  diffCommand,
  timelineCommand,
  searchCommand,
  recallCommand,
  uncertainCommand,
  orphansCommand,
  contradictionsCommand,
  statsCommand,
  consolidateCommand,
  backupCommand,
  exportCommand,
  checkCommand,
  repoCommand,
  checkRefsCommand,
  reverifyCommand,
  refDiffCommand,
  generateCommand,
  importCommand,
  sourcesCommand,
  serveCommand,
  mcpCommand,
];

export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}

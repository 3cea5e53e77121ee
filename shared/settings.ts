/**
 * A mind's settings: stored as JSON in the mind's `meta` table (key `settings`), read by the
 * consolidation scheduler and shown/edited by the Settings view. Secrets (the API key) never live
 * here: the Electron shell keeps them with safeStorage, the headless host reads the environment.
 */
import { z } from 'zod';
import { EPISODE_COUNT_CAP } from './consolidation-runs';

/**
 * `agent`: the model of the agent connected over MCP, asked through the protocol's sampling
 * (`sampling/createMessage`) by the process serving that agent; where none is connected, runs are offline.
 */
export const PROVIDER_IDS = ['offline', 'openai', 'agent'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export const OpenAiSettingsSchema = z.object({
  /** Any OpenAI-compatible endpoint (OpenAI, Ollama, LM Studio …). */
  baseUrl: z.url(),
  chatModel: z.string().min(1),
  embeddingModel: z.string().min(1),
  /** Per-call timeout (the seed's PER_CALL_TIMEOUT_MS). */
  timeoutMs: z.number().int().min(100).max(600_000),
  maxRetries: z.number().int().min(0).max(10),
});
export type OpenAiSettings = z.infer<typeof OpenAiSettingsSchema>;

export const SchedulerSettingsSchema = z.object({
  enabled: z.boolean(),
  /** Run after this many new episodes since the last checkpoint. */
  everyEpisodes: z.number().int().min(1).max(EPISODE_COUNT_CAP),
  /** And on a timer. */
  everyHours: z.number().min(0.05).max(24 * 30),
});
export type SchedulerSettings = z.infer<typeof SchedulerSettingsSchema>;

/** The belief seed's budget constants. */
export const BudgetSettingsSchema = z.object({
  maxClustersPerCycle: z.number().int().min(1).max(100_000),
  maxClassificationsPerCluster: z.number().int().min(0).max(100),
  perCallTimeoutMs: z.number().int().min(100).max(600_000),
  maxCycleMs: z.number().int().min(1_000).max(24 * 3_600_000),
});
export type BudgetSettings = z.infer<typeof BudgetSettingsSchema>;

/**
 * Auto-approval: an inferred memory that arrives pending with at least this confidence and this
 * many pieces of evidence is approved at once (journaled `auto_approve`), so review stays for what
 * is uncertain.
 */
export const ReviewSettingsSchema = z.object({
  autoApprove: z.boolean(),
  minConfidence: z.number().min(0).max(1),
  minEvidence: z.number().int().min(0).max(1_000),
});
export type ReviewSettings = z.infer<typeof ReviewSettingsSchema>;

/**
 * Backups of the mind: an automatic one each day (kept: the newest `keep`), and where they go
 * (null: a `NAME-backups` folder beside the mind file). Backups by hand are never deleted.
 */
export const BackupSettingsSchema = z.object({
  daily: z.boolean(),
  keep: z.number().int().min(1).max(365),
  folder: z.string().trim().min(1).max(4_096).nullable(),
});
export type BackupSettings = z.infer<typeof BackupSettingsSchema>;

export const MindSettingsSchema = z.object({
  provider: z.enum(PROVIDER_IDS),
  openai: OpenAiSettingsSchema,
  scheduler: SchedulerSettingsSchema,
  budget: BudgetSettingsSchema,
  /** Apply revise / split / merge / archive proposals without waiting for approval. */
  autoApplyProposals: z.boolean(),
  review: ReviewSettingsSchema,
  backup: BackupSettingsSchema,
});
export type MindSettings = z.infer<typeof MindSettingsSchema>;

export const DEFAULT_SETTINGS: MindSettings = {
  provider: 'offline',
  openai: {
    baseUrl: 'https://api.openai.com/v1',
    chatModel: 'gpt-4.1-mini',
    embeddingModel: 'text-embedding-3-small',
    timeoutMs: 10_000,
    maxRetries: 2,
  },
  scheduler: { enabled: true, everyEpisodes: 20, everyHours: 4 },
  budget: { maxClustersPerCycle: 10, maxClassificationsPerCluster: 5, perCallTimeoutMs: 10_000, maxCycleMs: 120_000 },
  autoApplyProposals: false,
  review: { autoApprove: false, minConfidence: 0.8, minEvidence: 3 },
  backup: { daily: false, keep: 7, folder: null },
};

/** A partial update, merged one level deep over the current settings. */
export const SettingsPatchSchema = z.object({
  provider: z.enum(PROVIDER_IDS).optional(),
  openai: OpenAiSettingsSchema.partial().optional(),
  scheduler: SchedulerSettingsSchema.partial().optional(),
  budget: BudgetSettingsSchema.partial().optional(),
  autoApplyProposals: z.boolean().optional(),
  review: ReviewSettingsSchema.partial().optional(),
  backup: BackupSettingsSchema.partial().optional(),
});
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

export function mergeSettings(current: MindSettings, patch: SettingsPatch): MindSettings {
  return MindSettingsSchema.parse({
    provider: patch.provider ?? current.provider,
    openai: { ...current.openai, ...patch.openai },
    scheduler: { ...current.scheduler, ...patch.scheduler },
    budget: { ...current.budget, ...patch.budget },
    autoApplyProposals: patch.autoApplyProposals ?? current.autoApplyProposals,
    review: { ...current.review, ...patch.review },
    backup: { ...current.backup, ...patch.backup },
  });
}

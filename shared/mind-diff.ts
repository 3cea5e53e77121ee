/** What a mind diff sorts the changes of a window into (src-main/store/mind-diff-query.ts says which journal rows count where). */
export const DIFF_CATEGORIES = ['added', 'changed', 'superseded', 'archived', 'forgotten', 'reviewed'] as const;
export type DiffCategory = (typeof DIFF_CATEGORIES)[number];

export const DIFF_CATEGORY_LABELS: Record<DiffCategory, string> = {
  added: 'Added',
  changed: 'Changed',
  superseded: 'Superseded',
  archived: 'Archived',
  forgotten: 'Forgotten',
  reviewed: 'Reviewed',
};

/**
 * The words a software team's agent talks in. Combined into component names and function names
 * they give a few thousand distinct terms, so a full-text query matches a slice of the mind, not
 * all of it. Polarity words (always, never, more, prefer, …) are kept out of these lists: the
 * templates place them on purpose, so rule contradictions appear where the generator means them to.
 */

export const NOUNS: readonly string[] = [
  'cache', 'queue', 'retry', 'timeout', 'migration', 'schema', 'index', 'deploy', 'rollback', 'build',
  'pipeline', 'test', 'fixture', 'latency', 'throughput', 'memory', 'leak', 'lock', 'deadlock', 'race',
  'config', 'secret', 'token', 'session', 'cookie', 'endpoint', 'handler', 'route', 'payload', 'request',
  'response', 'webhook', 'cron', 'worker', 'thread', 'pool', 'connection', 'replica', 'shard', 'partition',
  'backup', 'snapshot', 'log', 'metric', 'alert', 'dashboard', 'trace', 'span', 'sampler', 'budget',
  'quota', 'limit', 'throttle', 'backoff', 'jitter', 'heartbeat', 'lease', 'leader', 'follower', 'consensus',
  'cursor', 'pagination', 'offset', 'batch', 'stream', 'buffer', 'socket', 'protocol', 'header', 'checksum',
  'hash', 'signature', 'certificate', 'keypair', 'permission', 'role', 'scope', 'tenant', 'account', 'invoice',
  'refund', 'ledger', 'balance', 'currency', 'rounding', 'timezone', 'locale', 'encoding', 'parser', 'lexer',
  'compiler', 'bundle', 'chunk', 'sourcemap', 'linter', 'formatter', 'dependency', 'lockfile', 'registry', 'package',
  'container', 'image', 'volume', 'node', 'cluster', 'namespace', 'ingress', 'proxy', 'gateway', 'balancer',
  'dns', 'firewall', 'subnet', 'vpc', 'bucket', 'blob', 'object', 'manifest', 'artifact', 'release',
  'changelog', 'version', 'semver', 'flag', 'experiment', 'cohort', 'funnel', 'event', 'tracker', 'consent',
  'privacy', 'audit', 'compliance', 'retention', 'archive', 'export', 'import', 'csv', 'report', 'query',
  'planner', 'join', 'aggregate', 'window', 'trigger', 'constraint', 'foreign', 'primary', 'column', 'row',
  'table', 'view', 'materialized', 'vacuum', 'checkpoint', 'wal', 'fsync', 'disk', 'inode', 'filesystem',
  'kernel', 'syscall', 'signal', 'process', 'daemon', 'supervisor', 'restart', 'crash', 'panic', 'stacktrace',
  'exception', 'error', 'warning', 'regression', 'bisect', 'flake', 'snapshot', 'golden', 'mock', 'stub',
  'contract', 'interface', 'adapter', 'facade', 'factory', 'registry', 'singleton', 'closure', 'promise', 'callback',
  'generator', 'iterator', 'reducer', 'selector', 'store', 'state', 'reducer', 'component', 'layout', 'render',
  'hydration', 'viewport', 'accessibility', 'contrast', 'keyboard', 'focus', 'tooltip', 'modal', 'dropdown', 'form',
  'validation', 'sanitizer', 'escaping', 'injection', 'xss', 'csrf', 'cors', 'oauth', 'jwt', 'password',
  'mfa', 'captcha', 'spam', 'abuse', 'ratelimit', 'ban', 'moderation', 'notification', 'email', 'sms',
  'push', 'template', 'digest', 'scheduler', 'calendar', 'reminder', 'upload', 'thumbnail', 'transcode', 'codec',
  'playback', 'subtitle', 'search', 'ranking', 'relevance', 'synonym', 'stemmer', 'tokenizer', 'embedding', 'vector',
  'classifier', 'threshold', 'precision', 'recall', 'dataset', 'label', 'annotation', 'model', 'prompt', 'context',
  'onboarding', 'docs', 'runbook', 'oncall', 'pager', 'incident', 'postmortem', 'outage', 'sla', 'slo',
  'capacity', 'autoscaler', 'cost', 'billing', 'forecast', 'estimate', 'sprint', 'backlog', 'ticket', 'milestone',
];

export const VERBS: readonly string[] = [
  'flush', 'drain', 'sync', 'fetch', 'parse', 'render', 'compile', 'bundle', 'deploy', 'rollout',
  'revert', 'retry', 'cancel', 'schedule', 'enqueue', 'dequeue', 'publish', 'subscribe', 'emit', 'handle',
  'validate', 'sanitize', 'encode', 'decode', 'encrypt', 'decrypt', 'sign', 'verify', 'hash', 'compress',
  'resize', 'upload', 'download', 'stream', 'buffer', 'batch', 'merge', 'split', 'dedupe', 'reconcile',
  'refresh', 'invalidate', 'warm', 'evict', 'prune', 'compact', 'rotate', 'archive', 'restore', 'migrate',
  'seed', 'index', 'rank', 'score', 'filter', 'sort', 'paginate', 'aggregate', 'export', 'import',
  'notify', 'alert', 'page', 'escalate', 'acknowledge', 'resolve', 'track', 'measure', 'sample', 'profile',
  'bisect', 'patch', 'refactor', 'rename', 'extract', 'inline', 'lint', 'format', 'review', 'approve',
];

export const ADJECTIVES: readonly string[] = [
  'flaky', 'stale', 'slow', 'noisy', 'brittle', 'idempotent', 'atomic', 'eventual', 'consistent', 'durable',
  'transient', 'partial', 'duplicate', 'missing', 'orphaned', 'corrupt', 'unbounded', 'nested', 'concurrent', 'cold',
  'warm', 'hot', 'legacy', 'deprecated', 'experimental', 'internal', 'public', 'private', 'regional', 'global',
  'nightly', 'weekly', 'hourly', 'manual', 'automatic', 'optional', 'mandatory', 'verbose', 'silent', 'strict',
];

export const PEOPLE: readonly string[] = [
  'Claire', 'Ravi', 'Mona', 'Tomasz', 'Aiko', 'Felix', 'Priya', 'Jonas', 'Lucia', 'Omar',
  'Hana', 'Mateo', 'Ingrid', 'Kwame', 'Sofia', 'Dmitri', 'Amara', 'Lars', 'Yuki', 'Nadia',
  'Emeka', 'Greta', 'Rafael', 'Leila', 'Bram', 'Chen', 'Zainab', 'Pavel', 'Ines', 'Tariq',
  'Marit', 'Diego', 'Noor', 'Henrik', 'Ayla', 'Bruno', 'Keiko', 'Samir', 'Elif', 'Viktor',
];

export const TEAMS: readonly string[] = ['platform', 'payments', 'growth', 'infra', 'search', 'mobile', 'data', 'security'];

export const PROJECTS: readonly string[] = ['atlas', 'beacon', 'cobalt', 'dynamo', 'ember', 'fjord', 'granite', 'harbor'];

/** Domain words that name components ("ledger" + "Sync" → ledgerSync). */
export const DOMAINS: readonly string[] = [
  'ledger', 'billing', 'auth', 'invoice', 'search', 'catalog', 'cart', 'checkout', 'payout', 'fraud',
  'profile', 'inbox', 'feed', 'media', 'upload', 'report', 'export', 'audit', 'tenant', 'quota',
  'usage', 'pricing', 'tax', 'shipping', 'inventory', 'order', 'refund', 'promo', 'loyalty', 'review',
  'chat', 'presence', 'calendar', 'booking', 'geo', 'routing', 'telemetry', 'metrics', 'tracing', 'logging',
  'deploy', 'release', 'config', 'secrets', 'identity', 'consent', 'privacy', 'webhook', 'partner', 'sandbox',
  'ranking', 'embedding', 'crawler', 'indexer', 'mailer', 'notifier', 'scheduler', 'ingest', 'warehouse', 'lake',
];

export const COMPONENT_KINDS: readonly string[] = [
  'Sync', 'Gateway', 'Worker', 'Store', 'Client', 'Service', 'Queue', 'Cache', 'Api', 'Job',
  'Pipeline', 'Router', 'Proxy', 'Daemon', 'Adapter', 'Bridge', 'Index', 'Engine', 'Monitor', 'Loader',
  'Writer', 'Reader', 'Planner', 'Resolver', 'Registry', 'Broker', 'Ledger', 'Relay', 'Hub', 'Shim',
];

/** What an episode's objective ends in. */
export const OUTCOMES: readonly string[] = [
  'fixed by adding a guard and a regression test',
  'rolled back and reopened the ticket',
  'worked after pinning the dependency',
  'root cause was a misconfigured environment variable',
  'turned out to be a duplicate of an older issue',
  'shipped behind a feature flag',
  'needed a schema migration first',
  'resolved by raising the pool size',
  'blocked on a review from another team',
  'partially fixed; the edge case remains',
  'the flaky test was quarantined',
  'the alert threshold was tuned',
  'documented the workaround in the runbook',
  'the vendor confirmed a bug on their side',
  'split into three smaller pull requests',
];

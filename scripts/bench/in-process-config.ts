/** The services' configuration for benches that run them in-process (no HTTP, no media, mail to an outbox). */
export const IN_PROCESS_CONFIG = {
  mediaSecret: 'x'.repeat(32),
  mediaUrlTtl: 3600,
  mediaDir: '/tmp',
  publicOrigin: 'http://localhost:3000',
  mail: {
    transport: 'outbox',
    smtpUrl: undefined,
    from: 'bench <bench@localhost>',
    outboxDir: '/tmp/vt-bench-mail',
    outboxPublic: false,
  },
} as const;

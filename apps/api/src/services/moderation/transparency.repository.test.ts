import { expect, it } from 'vitest';
import { onBothDatabases } from '../screening/contract-test-db';
import { createTransparencyRepository } from './transparency.repository';

// 2023-11-14T22:13:20Z; DEC is 2023-12-01T00:00:00Z, JAN 2024-01-01T00:00:00Z.
const NOV = 1_700_000_000;
const DEC = 1_701_388_800;
const JAN = 1_704_067_200;
const WINDOW = { start: 1_698_796_800, end: JAN };

const byKey = <T extends { month: string; reason: string }>(rows: T[]) =>
  [...rows].sort((a, b) => `${a.month}${a.reason}`.localeCompare(`${b.month}${b.reason}`));

onBothDatabases('the transparency repository', (data) => {
  it('counts reports, removals and appeals per UTC month and reason, inside the window only', async () => {
    const { db } = data();
    const repo = createTransparencyRepository(data());
    const report = (
      subject: 'copyright' | 'ncii',
      created_at: number,
      resolved_at: number | null = null,
    ) => ({
      subject,
      email: 'r@example.test',
      message: 'm',
      created_at,
      resolved_at,
    });
    await db
      .insertInto('reports')
      .values([
        report('copyright', NOV, NOV + 3600),
        report('copyright', NOV + 10, DEC + 5),
        report('ncii', DEC - 1),
        report('ncii', DEC),
        report('ncii', JAN),
      ])
      .execute();
    await db
      .insertInto('removals')
      .values([
        { reason: 'copyright', prior_status: 1, created_at: NOV },
        { reason: 'copyright', prior_status: 1, created_at: NOV + 1 },
        { reason: 'ncii', prior_status: 1, created_at: JAN + 1 },
      ])
      .execute();
    const appeal = (status: 'open' | 'reversed', created_at: number, decided_at: number | null) => ({
      kind: 'removal' as const,
      ground: 'copyright',
      statement: 's',
      status,
      created_at,
      decided_at,
    });
    await db
      .insertInto('appeals')
      .values([appeal('reversed', NOV, DEC + 2), appeal('open', DEC, null), appeal('reversed', NOV, JAN)])
      .execute();

    expect(byKey(await repo.reportsReceived(WINDOW))).toEqual([
      { month: '2023-11', reason: 'copyright', n: 2 },
      { month: '2023-11', reason: 'ncii', n: 1 },
      { month: '2023-12', reason: 'ncii', n: 1 },
    ]);
    expect(await repo.removals(WINDOW)).toEqual([{ month: '2023-11', reason: 'copyright', n: 2 }]);
    expect(byKey(await repo.appealsReceived(WINDOW))).toEqual([
      { month: '2023-11', reason: 'copyright', n: 2 },
      { month: '2023-12', reason: 'copyright', n: 1 },
    ]);
    expect(await repo.appealsReversed(WINDOW)).toEqual([{ month: '2023-12', reason: 'copyright', n: 1 }]);
    expect(byKey(await repo.decisionWaits(WINDOW))).toEqual([
      { month: '2023-11', reason: 'copyright', s: 3600 },
      { month: '2023-12', reason: 'copyright', s: DEC + 5 - NOV - 10 },
    ]);
  });

  it('reports nothing for an empty window', async () => {
    const repo = createTransparencyRepository(data());
    expect(await repo.reportsReceived(WINDOW)).toEqual([]);
    expect(await repo.decisionWaits(WINDOW)).toEqual([]);
  });
});

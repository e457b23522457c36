import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StartupError } from '../../lib/startup-error';
import { createTestApp } from '../../testing/create-test-app';
import { createTestDatabase } from '../../testing/test-database';
import { loadCatalogue, parseCatalogue } from './catalogue';

const DEFAULT_FILE = path.join(import.meta.dirname, '../../../config/catalogue.json');

describe('the service catalogue', () => {
  it('loads the shipped catalogue with a topic capacity per tier', () => {
    const catalogue = loadCatalogue(DEFAULT_FILE);
    expect(catalogue.tierOf('small')?.topicsCapacity).toBe(10000);
    expect(catalogue.hasVersion(catalogue.latestHeraldVersion)).toBe(true);
    expect(catalogue.metadata.tiers.every((tier) => !('topicsCapacity' in tier))).toBe(true);
  });

  it('names the file and the field of a bad catalogue', () => {
    const good = JSON.parse(fs.readFileSync(DEFAULT_FILE, 'utf8'));
    const bad = structuredClone(good);
    delete bad.tiers[1].topicsCapacity;
    expect(() => parseCatalogue('/etc/herald/catalogue.json', JSON.stringify(bad))).toThrow(
      new StartupError(
        "CATALOGUE_FILE /etc/herald/catalogue.json: field 'tiers[1].topicsCapacity' Invalid input: expected number, received undefined",
      ),
    );
    const latest = { ...good, latestHeraldVersion: '7.0' };
    expect(() => parseCatalogue('c.json', JSON.stringify(latest))).toThrow(
      "field 'latestHeraldVersion' '7.0' is not one of heraldVersions",
    );
    expect(() => parseCatalogue('c.json', '{')).toThrow('CATALOGUE_FILE c.json is not valid JSON');
  });

  it('stops the app from starting on a bad file', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-')), 'catalogue.json');
    fs.writeFileSync(file, JSON.stringify({ tiers: [] }));
    const db = await createTestDatabase();
    try {
      await expect(createTestApp({ db, env: { CATALOGUE_FILE: file } })).rejects.toThrow(
        `CATALOGUE_FILE ${file}: field 'tiers' must list at least one tier`,
      );
    } finally {
      await db.close();
    }
  });
});

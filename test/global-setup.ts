/** vitest globalSetup of the API and browser tests: the database templates every test server is copied from. */
import type { TestProject } from 'vitest/node';
import { makeTemplates } from './db-templates';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The browser tests' servers run on SQLite (those on PostgreSQL seed their own way).
  const { templates, remove } = await makeTemplates({ postgres: project.name !== 'e2e' });
  project.provide('dbTemplates', templates);
  return remove;
}

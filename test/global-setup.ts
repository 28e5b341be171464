/** vitest globalSetup of the API and browser tests: the database templates every test server is copied from. */
import type { TestProject } from 'vitest/node';
import { makeTemplates } from './db-templates';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, remove } = await makeTemplates();
  project.provide('dbTemplates', templates);
  return remove;
}

/** Indexes a fixture project once per test file and opens its database the way the server does. */
import { fixtureProject, openIndexed, type OpenedProject } from '../support/fixture-project.js';

/** An indexed fixture project with its opened index. */
export type OpenFixture = OpenedProject;

/** Copies `test/fixtures/projects/<name>`, indexes it and opens the index. */
export async function openFixture(name: string, fromUrl: string): Promise<OpenFixture> {
  return openIndexed(await fixtureProject(name, fromUrl));
}

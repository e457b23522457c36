import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { newAccount, type TestAccount } from './fixtures/accounts';
import { linkIn, waitForMail } from './fixtures/mail';
import { signedIn } from './fixtures/session';
import type { PageCoverage } from './fixtures/page-coverage';
import { test, expect, expectAccessible, closeContext } from './fixtures/test';

/** Issue 9, "The dashboard as a person sees it": a phone 360 px wide, and a desktop. */
const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1440, height: 900 };

async function openContext(
  browser: Browser,
  baseURL: string | undefined,
  coverage: PageCoverage,
  options: { viewport?: typeof PHONE; colorScheme?: 'light' | 'dark' } = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce', ...options });
  coverage.watch(context);
  return context.newPage();
}

/** The element lies inside the viewport horizontally: nothing cut off at either side. */
async function expectWithinWidth(locator: Locator, width: number) {
  const box = await locator.boundingBox();
  expect(box, 'element is laid out').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

/** The page does not scroll sideways. */
async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Text in the element is shown whole, not clipped with an ellipsis. */
async function expectNotClipped(locator: Locator) {
  const clipped = await locator.evaluate((element) => element.scrollWidth > element.clientWidth);
  expect(clipped).toBe(false);
}

/** A screenshot to look at (E2E_SCREENSHOT_DIR keeps them out of the shared, cleared test-results). */
async function shoot(page: Page, name: string) {
  const directory = process.env.E2E_SCREENSHOT_DIR;
  const file = directory
    ? path.join(directory, `${name}.png`)
    : test.info().outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
}

test('a throttled login shows the wait from the server, not the credentials text', async ({
  page,
}) => {
  // Per-account limit (10 attempts in 15 minutes): an address nobody uses, so the journey's
  // attempts do not eat into other journeys' budgets more than needed.
  const email = `throttled-${randomUUID().slice(0, 8)}@example.test`;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const response = await page.request.post('/v3/auth/login', {
      data: { realm: 'Username-Password-Authentication', username: email, password: 'wrong-1234' },
    });
    expect(response.status()).toBe(401);
  }
  await page.goto('/');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-1234');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(/^Too many attempts\. Try again in \d+ minutes?\.$/);
  await expect(alert).not.toContainText('please check your credentials');
  await expectAccessible(page);
});

test.describe('on a phone 360 px wide', () => {
  test.use({ viewport: PHONE });

  test('the drawer closes after a tap on a link and on Escape; the members and invitations fit; the create-service form is one column', async ({
    page,
  }) => {
    const owner = await signedIn(page, newAccount({ company: 'Pocket Co' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shoot(page, 'services-360');

    // The drawer: open, tap Members, it closes and the page is uncovered.
    const burger = page.getByRole('button', { name: 'Open navigation' });
    const nav = page.getByRole('navigation', { name: 'Workspace' });
    await expect(nav).not.toBeInViewport();
    await burger.click();
    await expect(nav).toBeInViewport({ ratio: 1 });
    await shoot(page, 'drawer-open-360');
    await nav.getByRole('link', { name: 'Members' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
    await expect(nav).not.toBeInViewport();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();

    // Escape closes it and gives the focus back to the burger.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(nav).toBeInViewport();
    await page.keyboard.press('Escape');
    await expect(nav).not.toBeInViewport();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeFocused();

    // Invite someone, so that the invitations table has a row with its actions.
    const inviteForm = page.getByRole('form', { name: 'Invite a member' });
    const invitee = `pocket-${randomUUID().slice(0, 8)}@example.test`;
    await inviteForm.getByLabel('E-mail').fill(invitee);
    await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${invitee}`)).toBeVisible();

    // Every column of the members table shows whole, with its actions on screen.
    const members = page.getByRole('table', { name: 'Members' });
    const ownerRow = members.getByRole('row', { name: new RegExp(owner.email) });
    const role = ownerRow.getByRole('cell', { name: /Owner/ });
    await expect(role).toBeVisible();
    await expectWithinWidth(role, PHONE.width);
    await expectNotClipped(role);
    const changeRole = ownerRow.getByRole('button', { name: /Change role/ });
    await expect(changeRole).toBeVisible();
    await expectWithinWidth(changeRole, PHONE.width);

    const invites = page.getByRole('table', { name: 'Pending invitations' });
    for (const action of ['Resend', 'Revoke']) {
      const button = invites.getByRole('button', {
        name: `${action} the invitation to ${invitee}`,
      });
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport();
      await expectWithinWidth(button, PHONE.width);
    }
    await expectWithinWidth(invites.getByRole('cell', { name: /User/ }), PHONE.width);
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await shoot(page, 'members-360');

    // The create-service form: one column, the proposed name readable in full width.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await nav.getByRole('link', { name: 'Services' }).click();
    await page.getByRole('button', { name: 'Create your first service' }).click();
    const modal = page.getByRole('dialog', { name: 'Create a service' });
    const name = modal.getByLabel('Service name');
    const label = modal.getByLabel('Label');
    await expect(name).not.toHaveValue('');
    const nameBox = (await name.boundingBox())!;
    const labelBox = (await label.boundingBox())!;
    expect(labelBox.y).toBeGreaterThan(nameBox.y + nameBox.height);
    expect(nameBox.width).toBeGreaterThan(PHONE.width * 0.6);
    await expectNotClipped(name);
    const region = modal.getByRole('combobox', { name: 'Region' });
    const version = modal.getByRole('combobox', { name: 'Version' });
    expect((await version.boundingBox())!.y).toBeGreaterThan((await region.boundingBox())!.y);
    await expectAccessible(page);
    await shoot(page, 'create-service-360');
  });
});

test('the 404 page is blank for a visitor, with the text and a link home', async ({
  browser,
  baseURL,
  coverage,
}) => {
  const visitor = await openContext(browser, baseURL, coverage);
  await visitor.goto('/no/such/page');
  await expect(visitor.getByText('This page could not be found')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Back to home' })).toBeVisible();
  await expect(visitor.getByRole('banner')).toHaveCount(0);
  await expect(visitor.getByRole('navigation', { name: 'Workspace' })).toHaveCount(0);
  await expectAccessible(visitor);
  await closeContext(visitor.context(), coverage);
});

// Issue 25: the visitor's and the member's 404 were one journey, with a page load per path and width; the layout is
// CSS alone, so each path loads once and is looked at in both widths.
test('the 404 page is inside the frame when signed in, with the text and a link home', async ({
  page,
}) => {
  await signedIn(page, newAccount({ company: 'Frame 404' }));
  for (const [path, name, message, back, href] of [
    ['/no/such/page', 'route', 'This page could not be found', 'Back to home', '/'],
    ['/workspace/000000000000', 'workspace', 'This page could not be found', 'Back to home', '/'],
    // An unknown service says so (issue 25), with the way to the user's own services.
    [
      '/service/000000000000',
      'service',
      /^This service could not be found\./,
      'Back to your services',
      '/workspace',
    ],
  ] as const) {
    await page.goto(path);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('link', { name: back })).toHaveAttribute('href', href);
      // The side navigation of the default organisation, never an empty one (on a phone, in the drawer: closed, it
      // is out of the accessibility tree, issue 25).
      const nav = page.getByRole('navigation', { name: 'Workspace' });
      if (viewport === PHONE) await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect(nav.getByRole('button', { name: /Organisation: Frame 404/ })).toHaveCount(1);
      await expect(nav.getByRole('link', { name: 'Members' })).toHaveCount(1);
      if (viewport === PHONE) {
        await page.keyboard.press('Escape');
        await expect(nav).toBeHidden();
      }
      await expectNoHorizontalOverflow(page);
      await shoot(page, `404-${name}-${viewport.width}`);
    }
    await expectAccessible(page);
  }
});

test('an invitation link shows who invited to which team with the e-mail locked; inviting again says it is pending', async ({
  page,
  browser,
  baseURL,
  coverage,
}) => {
  await signedIn(
    page,
    newAccount({ firstName: 'Olive', lastName: 'Owner', company: 'Invite Works' }),
  );
  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'Members' })
    .click();
  const invitee: TestAccount = newAccount({ firstName: 'Grace', lastName: 'Hopper' });
  const inviteForm = page.getByRole('form', { name: 'Invite a member' });
  await inviteForm.getByLabel('E-mail').fill(invitee.email);
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${invitee.email}`)).toBeVisible();

  // Inviting the same address again is refused with a reason, not sent silently.
  await inviteForm.getByLabel('E-mail').fill(invitee.email);
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    inviteForm.getByText(
      `An invitation to ${invitee.email} is already pending. Resend it from the invitations list.`,
    ),
  ).toBeVisible();
  await expectAccessible(page);

  const mail = await waitForMail(invitee.email, /invited to join Invite Works/);
  // One page load: axe reads both widths and both schemes, the screenshots show both widths.
  const theirs = await openContext(browser, baseURL, coverage, { viewport: DESKTOP });
  await theirs.goto(linkIn(mail, '/signup'));
  await expect(
    theirs.getByText('Olive Owner invited you to join Invite Works on Herald Cloud.'),
  ).toBeVisible();
  const email = theirs.getByLabel('E-mail');
  await expect(email).toHaveValue(invitee.email);
  await expect(email).toHaveAttribute('readonly', '');
  await expectAccessible(theirs);
  for (const viewport of [DESKTOP, PHONE]) {
    await theirs.setViewportSize(viewport);
    await shoot(theirs, `invite-signup-${viewport.width}`);
  }
  await closeContext(theirs.context(), coverage);
});

// Issue 25: one journey toured the dark pages and then the switch, and ran into its timeout on a fresh 2-core machine.
// Every axe check reads both schemes now (fixtures/accessibility.ts); these two are about following the system.
test('dark mode follows the system from the login page to the dashboard', async ({
  browser,
  baseURL,
  coverage,
}) => {
  const page = await openContext(browser, baseURL, coverage, {
    colorScheme: 'dark',
    viewport: DESKTOP,
  });
  const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');

  await page.goto('/');
  await expect.poll(scheme).toBe('dark');
  await expectAccessible(page);
  await shoot(page, 'dark-login-1440');

  await signedIn(page, newAccount({ company: 'Night Shift' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Services' })).toBeVisible();
  await expect.poll(scheme).toBe('dark');
  await shoot(page, 'dark-services-1440');
  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: 'Members' })
    .click();
  await expect(page.getByRole('table', { name: 'Members' })).toBeVisible();
  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page.getByRole('table', { name: 'Activity' })).toBeVisible();
  await expect.poll(scheme).toBe('dark');
  await expectAccessible(page);
  await shoot(page, 'dark-members-1440');
  await page.setViewportSize(PHONE);
  await shoot(page, 'dark-members-360');
  await closeContext(page.context(), coverage);
});

test('the account menu’s scheme choice wins over the system and survives reloads; Match system returns', async ({
  browser,
  baseURL,
  coverage,
}) => {
  const page = await openContext(browser, baseURL, coverage, {
    colorScheme: 'dark',
    viewport: DESKTOP,
  });
  const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');
  await signedIn(page, newAccount({ company: 'Night Shift' }));
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect.poll(scheme).toBe('dark');

  const avatar = page.getByRole('button', { name: /^Logged in as/ });
  await avatar.click();
  await expect(page.getByRole('menuitem', { name: 'Match system' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expectAccessible(page);
  await page.getByRole('menuitem', { name: 'Light' }).click();
  await expect.poll(scheme).toBe('light');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect.poll(scheme).toBe('light');
  await avatar.click();
  await expect(page.getByRole('menuitem', { name: 'Light' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await page.getByRole('menuitem', { name: 'Match system' }).click();
  await expect.poll(scheme).toBe('dark');
  await page.reload();
  await expect.poll(scheme).toBe('dark');
  await closeContext(page.context(), coverage);
});

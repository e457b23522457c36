import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { newAccount, signUpVerified } from './fixtures/accounts';
import { createRunningService } from './fixtures/running-service';
import { logIn } from './fixtures/session';
import { test, expect, expectAccessible } from './fixtures/test';

/** Issue 25: the frame (side navigation, top bar, toasts) as a person sees it, at the sizes people use. */
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 360, height: 640 },
] as const;
const PHONE = { width: 360, height: 640 };

async function shoot(page: Page, name: string) {
  const directory = process.env.E2E_SCREENSHOT_DIR;
  const file = `${name}.png`;
  await page.screenshot({
    path: directory ? path.join(directory, file) : test.info().outputPath(file),
  });
}

/** Two boxes overlap. */
async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) return false;
  return (
    boxA.x < boxB.x + boxB.width &&
    boxB.x < boxA.x + boxA.width &&
    boxA.y < boxB.y + boxB.height &&
    boxB.y < boxA.y + boxA.height
  );
}

/** A signed-in owner on their running service's overview. */
async function ownerWithService(page: Page, company: string) {
  const owner = await signUpVerified(page.request, newAccount({ company }));
  await logIn(page, owner);
  const name = `frame-${randomUUID().slice(0, 8)}`;
  const service = await createRunningService(page, name);
  return { owner, name, service };
}

test('the upgrade button is reached by scrolling the side navigation at every size, light and dark (issue 25, item 18)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { service } = await ownerWithService(page, 'Scroll Labs');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto(`/service/${service.serviceId}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Service' });
      if (viewport.width < 768) {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await expect(nav).toBeInViewport();
      }
      // As a person does: the wheel over the navigation scrolls it to its end, where the button is whole.
      const upgrade = nav.getByRole('button', { name: 'Upgrade your Plan' });
      await nav.getByRole('link', { name: 'Overview' }).hover();
      await page.mouse.wheel(0, 2_000);
      await expect(upgrade).toBeInViewport({ ratio: 1 });
      await shoot(page, `upgrade-${scheme}-${viewport.width}x${viewport.height}`);
      await upgrade.click();
      const dialog = page.getByRole('dialog', { name: 'This plan cannot be changed' });
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    await expectAccessible(page);
  }
});

test('the painted services list and the app draw the same side navigation; one host name, the one a client connects to, with a copy button (issue 25, items 14 and 20)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { name, service } = await ownerWithService(page, 'Host Labs');
  const host = `${name}.eu-west-1.local.localhost`;
  await page.goto(`/workspace/${service.workspaceId}`);
  const card = page.getByRole('link', { name: new RegExp(name) });
  await expect(card.getByText(host, { exact: true })).toBeVisible();
  await expect(card.getByText(`${name}.eu-west-1.local`, { exact: true })).toHaveCount(0);

  await card.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(host, { exact: true })).toHaveCount(1);
  await expect(page.getByText(`${name}.eu-west-1.local`, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Copy Host' })).toBeVisible();
  // The WebSocket URL is built on the same host.
  const connection = page.getByRole('region', { name: 'Connection details' });
  await expect(
    connection.getByText(new RegExp(`^ws://${host.replace(/\./g, '\\.')}:\\d+/mqtt$`)),
  ).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'overview-host-1440');
});

test.describe('on a phone 360 × 640', () => {
  test.use({ viewport: PHONE });

  test('the closed drawer is out of reach, the header keeps organisation and service with an ellipsis, an unknown service page keeps the service menu, toasts cover no control (issue 25)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const company = 'Extraordinarily Long Organisation Name Limited';
    const { name, service } = await ownerWithService(page, company);

    // The closed drawer: not in the accessibility tree, and Tab never lands in it.
    await page.goto(`/workspace/${service.workspaceId}/members`);
    await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Workspace' });
    await expect(nav).toBeHidden();
    for (let press = 0; press < 12; press += 1) {
      await page.keyboard.press('Tab');
      const isInNav = await page.evaluate(
        () => document.activeElement?.closest('nav[aria-label="Workspace"]') !== null,
      );
      expect(isInNav, `Tab ${press + 1} stays out of the closed drawer`).toBe(false);
    }
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(nav.getByRole('link', { name: 'Members' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();

    // The organisation's name ends in an ellipsis, not cut mid-word; its focus ring is not clipped.
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    const organisation = crumbs.getByRole('link', { name: company });
    await expect(organisation).toBeVisible();
    expect(
      await organisation.evaluate((element) => ({
        isCut: element.scrollWidth > element.clientWidth,
        overflow: getComputedStyle(element).textOverflow,
      })),
    ).toEqual({ isCut: true, overflow: 'ellipsis' });
    await organisation.focus();
    await shoot(page, 'phone-header-focus-360');

    // A toast at the bottom, over neither the avatar nor Leave organisation.
    const inviteForm = page.getByRole('form', { name: 'Invite a member' });
    const invitee = `frame-${randomUUID().slice(0, 8)}@example.test`;
    await inviteForm.getByLabel('E-mail').fill(invitee);
    await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
    const toast = page.getByRole('alert').filter({ hasText: `Invitation sent to ${invitee}` });
    await expect(toast).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    const avatar = page.getByRole('button', { name: /^Logged in as/ });
    expect(await overlaps(toast, avatar)).toBe(false);
    const leave = page.getByRole('button', { name: 'Leave organisation' });
    if ((await leave.count()) > 0) expect(await overlaps(toast, leave.first())).toBe(false);
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.y + toastBox.height).toBeGreaterThan(PHONE.height / 2);
    await shoot(page, 'toast-360');

    // Inside a service the header names it too.
    await page.goto(`/service/${service.serviceId}/settings`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(crumbs.getByRole('link', { name })).toBeVisible();

    // An unknown page of the service: its 404 inside the service frame, the service menu kept.
    await page.goto(`/service/${service.serviceId}/no-such-page`);
    await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await expect(page.getByRole('link', { name: `Back to ${name}` })).toHaveAttribute(
      'href',
      `/service/${service.serviceId}`,
    );
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Service' }).getByRole('link', { name: 'Overview' }),
    ).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'service-page-not-found-360');
  });
});

import { browserSuite, shot } from './support/suite';

jest.setTimeout(180_000);

const fieldTypes = [
  'Text',
  'Choice',
  'MultipleChoice',
  'TreeChoice',
  'Checkbox',
  'Date',
  'SubType',
  'Button',
  'File',
  'JSON',
] as const;

describe('metadata forms in a browser', () => {
  const suite = browserSuite('metadata-forms');

  it('lets an administrator build a form with every field type, keeps the rules, and switches it off and on', async () => {
    const context = await suite.browser.newContext({ locale: 'en-GB', viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/login`);
    // By organisation name: an e-mail address would get the organisations mailed instead.
    await page.getByLabel('Organisation or email').fill('demo');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(suite.server.adminEmail);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(suite.server.adminPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // Signed in once the login page is left, whatever page that lands on.
    await page.waitForURL((url) => url.pathname !== '/login');

    await page.goto(`${suite.server.url}/settings/tenant`);
    await page.getByTestId('tab-forms').click();
    await page.waitForURL(/\/settings\/forms$/);

    // The built-in common form is listed; it can be neither deleted nor switched off, and says why.
    const common = page.getByTestId('form-row-common');
    await common.waitFor();
    expect(await common.getByTestId('form-built-in').textContent()).toBe('Built-in');
    const commonDelete = common.getByTestId('form-delete');
    expect(await commonDelete.isDisabled()).toBe(true);
    const cannotDelete = 'The common, folder default, detected text and restricted material forms cannot be deleted.';
    expect(await commonDelete.getAttribute('aria-label')).toBe(cannotDelete);
    await common.locator(`[data-reason="${cannotDelete}"]`).hover();
    await page.getByRole('tooltip', { name: cannotDelete }).waitFor();
    expect(await common.getByTestId('form-active').isDisabled()).toBe(true);
    await shot(page, 'forms-01-list');

    // A new form: the key follows the label until it is typed.
    await page.getByTestId('create-form').click();
    await page.getByTestId('form-label').fill('Match logging');
    expect(await page.getByTestId('form-key').inputValue()).toBe('match-logging');
    // The shortcut is pressed, not typed; one the player already uses is refused on the spot.
    const shortcut = page.getByTestId('form-shortcut');
    await shortcut.press('j');
    await page.getByText('The keyboard shortcut is already used by another form or by the system.').waitFor();
    await shortcut.press('Alt+Shift+M');
    expect(await shortcut.inputValue()).toBe('alt+shift+m');
    await shot(page, 'forms-01-general');

    await page.getByTestId('editor-tab-fields').click();
    for (const type of fieldTypes) {
      await page.getByTestId('add-field').click();
      await page.getByTestId(`add-field-${type}`).click();
      await page.getByTestId('field-row').nth(fieldTypes.indexOf(type)).waitFor();
      if (type === 'Choice') {
        await page.getByTestId('add-alternative').click();
        await page.getByTestId('add-alternative').click();
        const values = page.getByTestId('alternative-value');
        const labels = page.getByTestId('alternative-label');
        await values.nth(0).fill('home');
        await labels.nth(0).fill('Home team');
        await values.nth(1).fill('away');
        await labels.nth(1).fill('Away team');
      }
      if (type === 'TreeChoice') {
        await page.getByTestId('add-tree-alternative').click();
        await page.getByTestId('tree-node-value').fill('sport');
        await page.getByTestId('tree-node-label').fill('Sport');
      }
      if (type === 'Checkbox') {
        // Core's rule shows in the editor as soon as it is broken.
        await page.getByTestId('field-required').check();
        await page.getByTestId('field-editor').getByText('Checkboxes cannot be required.').waitFor();
      }
    }
    expect(await page.getByTestId('field-row').count()).toBe(fieldTypes.length);
    expect(
      await page
        .locator('[data-testid="field-row"][data-field-id="checkbox"]')
        .getByTestId('field-issue-count')
        .textContent(),
    ).toBe('1');
    await shot(page, 'forms-02-fields');

    // The form also appears on upload, where the text field is hidden; it gets a section and a usage rule.
    await page.getByTestId('editor-tab-views').click();
    await page.getByTestId('view-toggle-upload').check({ force: true });
    await page.getByTestId('view-select-upload').click();
    await page
      .locator('[data-testid="view-field-row"][data-field-id="text"]')
      .getByTestId('view-field-visible')
      .uncheck();
    await shot(page, 'forms-02-views');
    await page.getByTestId('editor-tab-sections').click();
    await page.getByTestId('add-section').click();
    await page.getByTestId('section-label').fill('Teams');
    await page.getByTestId('editor-tab-usageRules').click();
    await page.getByTestId('add-usage-group').click();
    await page.getByTestId('add-usage-context').click();
    await page.getByTestId('usage-context-name').fill('Norway');
    await shot(page, 'forms-02-usage');

    // Save is refused while the rule is broken; the problem is listed and leads back to the field.
    await page.getByTestId('editor-tab-general').click();
    await page.getByTestId('form-save').click();
    const refused = page.getByTestId('form-issues');
    await refused.getByText('Checkboxes cannot be required.').waitFor();
    await page.getByTestId('field-editor').getByText('Checkboxes cannot be required.').waitFor();
    expect(await page.getByTestId('field-label').inputValue()).toBe('Checkbox');
    await shot(page, 'forms-03-refused');
    await page.getByTestId('field-required').uncheck();
    await refused.waitFor({ state: 'detached' });

    await page.getByTestId('form-save').click();
    await page.getByTestId('form-editor').waitFor({ state: 'detached' });
    const row = page.getByTestId('form-row-match-logging');
    await row.waitFor();
    expect(await row.getByTestId('form-field-count').textContent()).toBe(String(fieldTypes.length));
    expect(await row.getAttribute('data-active')).toBe('true');
    await shot(page, 'forms-04-saved');

    // What was saved comes back in the editor: the choice field has its two options.
    await row.getByTestId('form-edit').click();
    await page.getByTestId('editor-tab-fields').click();
    await page.locator('[data-testid="field-row"][data-field-id="choice"]').getByTestId('field-select').click();
    const savedValues = page.getByTestId('alternative-value');
    expect(await savedValues.count()).toBe(2);
    expect([await savedValues.nth(0).inputValue(), await savedValues.nth(1).inputValue()]).toEqual(['home', 'away']);
    await page.getByTestId('editor-tab-views').click();
    expect(await page.getByTestId('view-toggle-upload').isChecked()).toBe(true);
    await page.getByTestId('view-select-upload').click();
    const hidden = page
      .locator('[data-testid="view-field-row"][data-field-id="text"]')
      .getByTestId('view-field-visible');
    expect(await hidden.isChecked()).toBe(false);
    await page.getByTestId('editor-tab-usageRules').click();
    expect(await page.getByTestId('usage-context-name').inputValue()).toBe('Norway');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('form-editor').waitFor({ state: 'detached' });

    // Switched off it stays listed but dimmed; switched on again it is active.
    await row.getByTestId('form-active').click({ force: true });
    await page.locator('[data-testid="form-row-match-logging"][data-active="false"]').waitFor();
    await shot(page, 'forms-05-inactive');
    await row.getByTestId('form-active').click({ force: true });
    await page.locator('[data-testid="form-row-match-logging"][data-active="true"]').waitFor();
    await context.close();
  });
});

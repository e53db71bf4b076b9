import { actor } from '../access/access.fixtures';
import { canSeeForm, fieldAccessFor, isFieldEditable } from './field-access';
import { fieldInput, form } from './forms.fixtures';

const editor = actor('editor', ['org', 'editors']);
const intern = actor('intern', ['org', 'interns']);
const admin = actor('admin', ['org'], ['tenantAdmin']);
const superAdmin = actor('root', [], [], true);

describe('fieldAccessFor', () => {
  it('lets everyone read and write an unrestricted field', () => {
    const subject = form({ fields: [fieldInput('a')] });
    expect(fieldAccessFor(intern, subject, subject.fields[0]!)).toEqual({ userCanRead: true, userCanWrite: true });
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>, boolean, boolean]>([
    ['field read', {}, { read: ['editors'], write: null }, true, false],
    ['field write', {}, { read: null, write: ['editors'] }, true, true],
    ['form read', { permissions: { read: ['editors'], write: null } }, {}, true, false],
    ['form write', { permissions: { read: null, write: ['editors'] } }, {}, true, true],
    ['form visibility', { visibleTo: ['editors'] }, {}, true, false],
  ])('applies the %s restriction', (_case, formSettings, fieldPermissions, editorReads, internReads) => {
    const subject = form({ ...formSettings, fields: [fieldInput('a', { permissions: fieldPermissions })] });
    const field = subject.fields[0]!;
    const editorAccess = fieldAccessFor(editor, subject, field);
    const internAccess = fieldAccessFor(intern, subject, field);
    expect([editorAccess.userCanRead, editorAccess.userCanWrite]).toEqual([editorReads, true]);
    expect(internAccess.userCanRead).toBe(internReads);
    expect(internAccess.userCanWrite).toBe(false);
  });

  it('needs both the form and the field to let a user in', () => {
    const subject = form({
      permissions: { read: null, write: ['editors', 'interns'] },
      fields: [fieldInput('a', { permissions: { read: null, write: ['interns'] } })],
    });
    expect(fieldAccessFor(editor, subject, subject.fields[0]!).userCanWrite).toBe(false);
    expect(fieldAccessFor(intern, subject, subject.fields[0]!).userCanWrite).toBe(true);
  });

  it('never lets a user write what they cannot read', () => {
    const subject = form({ fields: [fieldInput('a', { permissions: { read: ['editors'], write: ['interns'] } })] });
    expect(fieldAccessFor(intern, subject, subject.fields[0]!)).toEqual({ userCanRead: false, userCanWrite: false });
  });

  it.each([
    ['a tenant administrator', admin],
    ['a super administrator', superAdmin],
  ])('lets %s through every restriction', (_case, who) => {
    const restricted = { read: ['nobody'], write: ['nobody'] };
    const subject = form({
      visibleTo: ['nobody'],
      permissions: restricted,
      fields: [fieldInput('a', { permissions: restricted })],
    });
    expect(fieldAccessFor(who, subject, subject.fields[0]!)).toEqual({ userCanRead: true, userCanWrite: true });
    expect(canSeeForm(who, subject)).toBe(true);
  });
});

describe('canSeeForm', () => {
  it('follows visibleTo', () => {
    expect(canSeeForm(intern, form())).toBe(true);
    expect(canSeeForm(intern, form({ visibleTo: ['editors'] }))).toBe(false);
    expect(canSeeForm(editor, form({ visibleTo: ['editors'] }))).toBe(true);
  });
});

describe('isFieldEditable', () => {
  const both = { userCanRead: true, userCanWrite: true };
  const plain = { readOnly: false, fieldId: 'notes', systemDefaultField: false };

  it('needs read and write access', () => {
    expect(isFieldEditable(plain, both)).toBe(true);
    expect(isFieldEditable(plain, { userCanRead: true, userCanWrite: false })).toBe(false);
    expect(isFieldEditable(plain, { userCanRead: false, userCanWrite: true })).toBe(false);
  });

  it('excludes read-only and technical fields', () => {
    expect(isFieldEditable({ ...plain, readOnly: true }, both)).toBe(false);
    expect(isFieldEditable({ readOnly: false, fieldId: 'fileSize', systemDefaultField: true }, both)).toBe(false);
    expect(isFieldEditable({ readOnly: false, fieldId: 'title', systemDefaultField: true }, both)).toBe(true);
  });
});

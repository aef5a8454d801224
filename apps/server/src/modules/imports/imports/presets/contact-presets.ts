import type { ImportPreset } from '@lodestar/contract';

/**
 * The contact export headers of the tools people leave (their sources: fixtures/presets/README.md). A preset is
 * recognised when every one of its `signature` headers is in the file; then each column is mapped by the first
 * rule matching its header (lower case, trimmed). `new` offers the column as a new custom field; a column no rule
 * matches is left out, and the check step lists it by name so the user can still keep it. Headers of the contract's
 * field list (record-fields.ts `presets`) come before these rules.
 */
export type PresetRule = readonly [header: string | RegExp, target: string];
export interface Preset {
  id: ImportPreset;
  signature: readonly string[];
  rules: readonly PresetRule[];
}

/** Google Contacts' export ("Google CSV"), today's header and the one before 2023 (Given Name, Group Membership). */
const googleContacts: Preset = {
  id: 'googleContacts',
  signature: ['e-mail 1 - value'],
  rules: [
    [/^(first name|given name)$/, 'firstName'],
    [/^(last name|family name)$/, 'lastName'],
    ['name', 'name'],
    [/^organization( 1 -)? name$/, 'company'],
    [/^organization( 1 -)? title$/, 'position'],
    ['birthday', 'birthday'],
    ['notes', 'note'],
    [/^(labels|group membership)$/, 'tags'],
    [/^e-mail \d+ - value$/, 'email'],
    [/^phone \d+ - (label|type)$/, 'phoneType'],
    [/^phone \d+ - value$/, 'phone'],
    ['address 1 - formatted', 'address'],
    ['address 2 - formatted', 'otherAddress'],
    [/^(middle name|additional name|name suffix|website \d+ - value|address \d+ - formatted)$/, 'new'],
  ],
};

/** Outlook (desktop "Comma Separated Values" and Outlook on the web): Title is Mr./Ms. (the salutation), the job is Job Title. */
const outlook: Preset = {
  id: 'outlook',
  signature: ['first name', 'last name', 'job title', 'e-mail address'],
  rules: [
    ['first name', 'firstName'],
    ['last name', 'lastName'],
    ['company', 'company'],
    ['job title', 'position'],
    [/^e-mail( \d)? address$/, 'email'],
    ['mobile phone', 'mobile'],
    [/^(business phone( 2)?|company main phone|primary phone|assistant's phone|callback|car phone|isdn|radio phone|telex|tty\/tdd phone)$/, 'phone'],
    [/^home phone( 2)?$/, 'homePhone'],
    [/^(other phone|pager)$/, 'otherPhone'],
    [/^(business|home|other) fax$/, 'fax'],
    [/^home (street( \d)?|city|state|postal code|country\/region|po box)$/, 'address'],
    [/^business (street( \d)?|city|state|postal code|country\/region|po box)$/, 'companyAddress'],
    [/^other (street( \d)?|city|state|postal code|country\/region|po box)$/, 'otherAddress'],
    ['birthday', 'birthday'],
    ['notes', 'note'],
    ['categories', 'tags'],
    [/^(middle name|suffix|web page|personal web page|anniversary|spouse|office location|manager's name|assistant's name)$/, 'new'],
  ],
};

/** Apple Contacts, iPhone and Android "export all contacts" are vCards, read as rows of readers/vcard-reader.ts's header. */
const appleContacts: Preset = {
  id: 'appleContacts',
  signature: ['name', 'last name', 'first name', 'nickname', 'job title', 'work address', 'other address', 'labels'],
  rules: [
    ['name', 'name'],
    ['last name', 'lastName'],
    ['first name', 'firstName'],
    ['company', 'company'],
    ['job title', 'position'],
    ['mobile', 'mobile'],
    ['phone', 'phone'],
    ['home phone', 'homePhone'],
    ['fax', 'fax'],
    ['email', 'email'],
    ['address', 'address'],
    ['work address', 'companyAddress'],
    ['other address', 'otherAddress'],
    ['birthday', 'birthday'],
    ['note', 'note'],
    ['labels', 'tags'],
    ['website', 'new'],
  ],
};

const hubspot: Preset = {
  id: 'hubspot',
  signature: ['record id', 'first name', 'last name', 'contact owner'],
  rules: [
    ['first name', 'firstName'],
    ['last name', 'lastName'],
    ['email', 'email'],
    [/^(additional email addresses|secondary email)$/, 'email'],
    ['phone number', 'phone'],
    ['mobile phone number', 'mobile'],
    ['fax number', 'fax'],
    [/^(company name|associated company)$/, 'company'],
    ['job title', 'position'],
    [/^(street address|city|state\/region|postal code|country\/region)$/, 'address'],
    ['contact owner', 'owner'],
    ['date of birth', 'birthday'],
    [/^(lifecycle stage|lead status|website url)$/, 'new'],
  ],
};

/** Salesforce: a contacts report's labels, and Data Export's API names (Contact.csv). Here Title is the job. */
const salesforce: Preset = {
  id: 'salesforce',
  signature: ['mailing street'],
  rules: [
    [/^(first name|firstname)$/, 'firstName'],
    [/^(last name|lastname)$/, 'lastName'],
    ['title', 'position'],
    [/^(account name|account)$/, 'company'],
    ['email', 'email'],
    ['phone', 'phone'],
    [/^(mobile|mobile phone|mobilephone)$/, 'mobile'],
    [/^(home phone|homephone)$/, 'homePhone'],
    [/^(other phone|otherphone)$/, 'otherPhone'],
    ['fax', 'fax'],
    [/^mailing ?(street|city|state\/province|state|zip\/postal code|postalcode|country)$/, 'address'],
    [/^other ?(street|city|state\/province|state|zip\/postal code|postalcode|country)$/, 'otherAddress'],
    [/^(birthdate)$/, 'birthday'],
    ['description', 'note'],
    [/^(contact owner|owner name)$/, 'owner'],
    ['lead source', 'new'],
  ],
};

/** Pipedrive's people export: "Person - " before each field, e-mails and phones by type. */
const pipedrive: Preset = {
  id: 'pipedrive',
  signature: ['person - name'],
  rules: [
    ['person - name', 'name'],
    ['person - first name', 'firstName'],
    ['person - last name', 'lastName'],
    [/^person - (organization|organisation)$/, 'company'],
    [/^person - email( - \w+)?$/, 'email'],
    ['person - phone - mobile', 'mobile'],
    ['person - phone - home', 'homePhone'],
    ['person - phone - other', 'otherPhone'],
    [/^person - phone( - \w+)?$/, 'phone'],
    ['person - owner', 'owner'],
    ['person - labels', 'tags'],
    ['person - label', 'tags'],
    ['person - job title', 'position'],
    ['person - birthday', 'birthday'],
    [/^person - postal address( - formatted address)?$/, 'address'],
    ['person - notes', 'note'],
  ],
};

const zoho: Preset = {
  id: 'zoho',
  signature: ['record id', 'contact owner', 'account name', 'mailing street'],
  rules: [
    ['first name', 'firstName'],
    ['last name', 'lastName'],
    ['account name', 'company'],
    [/^(email|secondary email)$/, 'email'],
    ['title', 'position'],
    ['phone', 'phone'],
    ['mobile', 'mobile'],
    ['home phone', 'homePhone'],
    [/^(other phone|asst phone)$/, 'otherPhone'],
    ['fax', 'fax'],
    [/^mailing (street|city|state|zip|country)$/, 'address'],
    [/^other (street|city|state|zip|country)$/, 'otherAddress'],
    ['date of birth', 'birthday'],
    ['description', 'note'],
    ['contact owner', 'owner'],
    [/^(tag|tags)$/, 'tags'],
    [/^(lead source|skype id|twitter)$/, 'new'],
  ],
};

/** Most specific first: Zoho's header holds Salesforce's signature too. */
export const contactPresets: readonly Preset[] = [zoho, hubspot, salesforce, googleContacts, outlook, appleContacts, pipedrive];

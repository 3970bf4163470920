import { PERSON_HEADER } from '@healthfolio/core';
import { expect } from 'vitest';
import type { TestClient } from './harness';

/** A person's id sent with every request: the client acts for them (households). */
export const actingFor = (client: TestClient, personId: string) => {
  const h = { [PERSON_HEADER]: personId };
  return {
    get: (path: string) => client.request('GET', path, undefined, h),
    post: (path: string, body: unknown = {}) => client.request('POST', path, body, h),
    patch: (path: string, body: unknown) => client.request('PATCH', path, body, h),
    put: (path: string, body: unknown) => client.request('PUT', path, body, h),
    delete: (path: string, body?: unknown) => client.request('DELETE', path, body, h),
    request: (method: string, path: string, body?: unknown) => client.request(method, path, body, h),
  };
};

/** Adds a dependent to the client's household and answers their id. */
export const addPerson = async (
  client: TestClient,
  displayName = 'Mia',
  extra: Record<string, unknown> = {},
) => {
  const res = await client.post('/api/v1/household/people', {
    displayName,
    dateOfBirth: '2017-05-04',
    platformMode: 'diabetes_focused',
    glucoseUnit: 'mg/dL',
    ...extra,
  });
  expect(res.status).toBe(201);
  return (await res.json()).id as string;
};

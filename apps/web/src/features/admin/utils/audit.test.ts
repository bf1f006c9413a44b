import { describe, expect, it } from 'vitest';
import { anAuditEntry } from '../testing/fixtures';
import { auditActionLabel, auditSummary, auditTarget, parseDetails } from './audit';

describe('audit formatting', () => {
  it('names actions and targets', () => {
    expect(auditActionLabel('broker-take')).toBe('Broker lead taken');
    expect(auditActionLabel('something-new')).toBe('something-new');
    const bulk = anAuditEntry({ action: 'domain-deny', target_type: 'domain', target_id: null, details: '{"count":3,"ids":[1,2,3]}' });
    expect(auditTarget(bulk, parseDetails(bulk.details))).toBe('3 domains');
    expect(auditSummary(bulk, parseDetails(bulk.details))).toBe('ids 1, 2, 3');
  });

  it('summarises role, subscription and video details and survives bad JSON', () => {
    const role = anAuditEntry({ details: '{"from":1,"to":2,"reason":"Only a SuperAdmin can make someone a SuperAdmin."}' });
    expect(auditSummary(role, parseDetails(role.details))).toBe('Admin → SuperAdmin; Only a SuperAdmin can make someone a SuperAdmin.');
    const sub = anAuditEntry({ action: 'subscription-change', details: '{"from":"Free","to":"Pony"}' });
    expect(auditSummary(sub, parseDetails(sub.details))).toBe('Free → Pony');
    const video = anAuditEntry({ action: 'video-review', target_type: 'video', details: '{"action":"deny"}' });
    expect(auditSummary(video, parseDetails(video.details))).toBe('Denied');
    expect(parseDetails('{not json')).toBeNull();
    expect(parseDetails('[1]')).toBeNull();
  });

  it('names the order steps and summarises their reference or decision', () => {
    const payout = anAuditEntry({ action: 'order-payout', target_type: 'order', target_id: 9, details: '{"reference":"BR-77"}' });
    expect(auditActionLabel('order-payment')).toBe('Payment recorded');
    expect(auditActionLabel('order-payout')).toBe('Payout recorded');
    expect(auditActionLabel('order-refund')).toBe('Refund recorded');
    expect(auditActionLabel('order-resolve')).toBe('Dispute resolved');
    expect(auditTarget(payout, parseDetails(payout.details))).toBe('Order #9');
    expect(auditSummary(payout, parseDetails(payout.details))).toBe('Bank reference BR-77');
    const release = anAuditEntry({ action: 'order-resolve', target_type: 'order', target_id: 9, details: '{"decision":"release"}' });
    expect(auditSummary(release, parseDetails(release.details))).toBe('Released to the seller');
    const refund = anAuditEntry({ action: 'order-resolve', target_type: 'order', target_id: 9, details: '{"decision":"refund"}' });
    expect(auditSummary(refund, parseDetails(refund.details))).toBe('Refunded to the buyer');
  });
});

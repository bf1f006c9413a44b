import {
  BREEDER_BUDGET_ABOVE,
  BROKER_ABOVE,
  BUY_NOW_REQUIRED_BELOW,
  COMMISSION_BUYER_SHARE,
  COMMISSION_RATE,
  MAX_UPLOAD_BYTES,
  MINIMUM_AGE,
  OFFER_VALIDITY_DAYS,
  SPONSORED_PRICES,
} from '../constants.js';
import { contentPercent, contentUsd } from './format.js';

/**
 * The business facts every page quotes, worded once from the shared constants, so a page can
 * never state a different commission or threshold than the rules the server enforces.
 */
const buyerShare = Math.round(COMMISSION_BUYER_SHARE * 100);
const exampleSale = 20_000;
const exampleCommission = exampleSale * COMMISSION_RATE;

export const marketplaceFacts = {
  siteName: 'Domain Market',
  commission: contentPercent(COMMISSION_RATE),
  commissionSplit: `${buyerShare}/${100 - buyerShare}`,
  commissionSentence: `One flat ${contentPercent(COMMISSION_RATE)} commission on every completed sale, split ${buyerShare}/${100 - buyerShare} between buyer and seller unless the two of you negotiate a different split.`,
  commissionExample: `Example: on a ${contentUsd(exampleSale)} sale the commission is ${contentUsd(exampleCommission)}. With the standard split the buyer pays ${contentUsd(exampleSale + exampleCommission * COMMISSION_BUYER_SHARE)} and the seller receives ${contentUsd(exampleSale - exampleCommission * (1 - COMMISSION_BUYER_SHARE))}.`,
  buyNowThreshold: contentUsd(BUY_NOW_REQUIRED_BELOW),
  buyNowSentence: `Domains priced under ${contentUsd(BUY_NOW_REQUIRED_BELOW)} must carry a Buy Now price, and they take no offers: buyers purchase them at the listed price.`,
  brokerThreshold: contentUsd(BROKER_ABOVE),
  brokerSentence: `Our broker service is available only for deals above ${contentUsd(BROKER_ABOVE)}.`,
  breederThreshold: contentUsd(BREEDER_BUDGET_ABOVE),
  breederSentence: `Startup Breeder inquiries are answered only when the founder's budget is above ${contentUsd(BREEDER_BUDGET_ABOVE)}.`,
  trademarkSentence:
    'We apply a one-warning trademark policy: the first time a listing infringes a trademark we remove it and warn the owner; a second infringement closes the account.',
  approvalSentence: 'Every portfolio and every domain is reviewed and approved by our team before it appears in the marketplace.',
  offerValidity: `${OFFER_VALIDITY_DAYS} days`,
  uploadLimit: `${Math.round(MAX_UPLOAD_BYTES / 1024 / 1024)} MB`,
  minimumAge: MINIMUM_AGE,
  sponsoredPrices: {
    buyNow: contentUsd(SPONSORED_PRICES['Buy Now']),
    trade: contentUsd(SPONSORED_PRICES['Trade Domains']),
    startupBreeders: contentUsd(SPONSORED_PRICES['Startup Breeders']),
  },
  companyCountry: 'Ireland',
} as const;

import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { createAwsMarketplace } from './aws-marketplace';
import type { MarketplacePort } from './marketplace-port';
import { createSimulatorMarketplace } from './simulator-marketplace';
import type { MarketplaceSimulator } from './simulator-marketplace';

/** The marketplace MARKETPLACE_PROVIDER names: the local simulator (default) or AWS Marketplace. */
export function createMarketplace(options: {
  config: Pick<
    Config,
    'marketplaceProvider' | 'awsMarketplaceProductCode' | 'awsRegion' | 'awsMarketplaceEndpoint'
  >;
  db: Database;
  clock: () => Date;
}): MarketplacePort | MarketplaceSimulator {
  const { config, db, clock } = options;
  if (config.marketplaceProvider === 'aws') {
    if (!config.awsMarketplaceProductCode) {
      throw new Error('MARKETPLACE_PROVIDER=aws needs AWS_MARKETPLACE_PRODUCT_CODE');
    }
    return createAwsMarketplace({
      productCode: config.awsMarketplaceProductCode,
      region: config.awsRegion,
      ...(config.awsMarketplaceEndpoint && { endpoint: config.awsMarketplaceEndpoint }),
      clock,
    });
  }
  return createSimulatorMarketplace({
    db,
    clock,
    ...(config.awsMarketplaceProductCode && { productCode: config.awsMarketplaceProductCode }),
  });
}

export function isSimulator(
  marketplace: MarketplacePort | MarketplaceSimulator,
): marketplace is MarketplaceSimulator {
  return marketplace.kind === 'simulator';
}

import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PrivacySettings, PrivacySettingsChange } from '@district/contracts';
import { PrivacySettingsEntity } from './privacy-settings.entity';

const DEFAULTS: PrivacySettings = {
  directoryVisibleByDefault: true,
  consentMode: 'school',
  registrationPolicy: 'open',
};

const settingsOf = (row: PrivacySettingsEntity): PrivacySettings => ({
  directoryVisibleByDefault: row.directoryVisibleByDefault,
  consentMode: row.consentMode,
  registrationPolicy: row.registrationPolicy,
});

// The one settings row; absent until an admin first changes it (then the defaults hold).
@Injectable()
export class PrivacySettingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async read(manager: EntityManager = this.dataSource.manager): Promise<PrivacySettings> {
    const row = await manager.findOne(PrivacySettingsEntity, { where: { id: true } });
    return row ? settingsOf(row) : { ...DEFAULTS };
  }

  // Locks the row (creating it first if needed) until the transaction ends; answers what it held.
  async lock(manager: EntityManager): Promise<PrivacySettings> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(PrivacySettingsEntity)
      .values({ id: true, ...DEFAULTS })
      .orIgnore()
      .execute();
    const row = await manager.findOneOrFail(PrivacySettingsEntity, {
      where: { id: true },
      lock: { mode: 'pessimistic_write' },
    });
    return settingsOf(row);
  }

  async write(manager: EntityManager, settings: PrivacySettingsChange): Promise<void> {
    await manager.update(PrivacySettingsEntity, { id: true }, settings);
  }
}

import 'reflect-metadata';
import { migrateService } from '@district/service-kit';
import { HOURS_ENTITIES } from './entities';
import { HOURS_MIGRATIONS } from './migrations';

void migrateService({ entities: HOURS_ENTITIES, migrations: HOURS_MIGRATIONS });

import 'reflect-metadata';
import { migrateService } from '@district/service-kit';
import { VOLUNTEER_ENTITIES } from './entities';
import { VOLUNTEER_MIGRATIONS } from './migrations';

void migrateService({ entities: VOLUNTEER_ENTITIES, migrations: VOLUNTEER_MIGRATIONS });

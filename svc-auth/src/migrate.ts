import 'reflect-metadata';
import { migrateService } from '@district/service-kit';
import { AUTH_MIGRATIONS } from './migrations';
import { AUTH_ENTITIES } from './entities';

void migrateService({ entities: AUTH_ENTITIES, migrations: AUTH_MIGRATIONS });

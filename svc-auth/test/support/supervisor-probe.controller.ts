import { Controller, Param, Patch } from '@nestjs/common';
import { Roles } from '@district/service-kit';

// The same guard svc-hours puts on PATCH /api/service-hours/{id}/status (@Roles('supervisor')),
// mounted in the test app so a test can send it the identity token svc-auth's verify issued.
@Roles('supervisor')
@Controller('api/service-hours')
export class SupervisorProbeController {
  @Patch(':id/status')
  status(@Param('id') id: string): { reviewed: string } {
    return { reviewed: id };
  }
}
